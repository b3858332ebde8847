/**
 * Minor-unit divisors (spec part 2 §9). Any other currency is unsupported: without a known
 * divisor an amount cannot be converted safely, so we refuse instead of guessing.
 */
export const MINOR_UNIT_DIVISORS = {
  AUD: 100,
  CAD: 100,
  CHF: 100,
  CNY: 100,
  DKK: 100,
  EUR: 100,
  GBP: 100,
  HKD: 100,
  INR: 100,
  MXN: 100,
  NOK: 100,
  NZD: 100,
  SEK: 100,
  SGD: 100,
  USD: 100,
  JPY: 1,
} as const;

export type CurrencyCode = keyof typeof MINOR_UNIT_DIVISORS;

export const SUPPORTED_CURRENCIES = Object.keys(MINOR_UNIT_DIVISORS) as CurrencyCode[];

export function isSupportedCurrency(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(MINOR_UNIT_DIVISORS, value);
}

export function assertSupportedCurrency(value: string): asserts value is CurrencyCode {
  if (!isSupportedCurrency(value)) throw new RangeError(`Unsupported currency: ${value}`);
}

export function minorUnitDivisor(currency: string): number {
  assertSupportedCurrency(currency);
  return MINOR_UNIT_DIVISORS[currency];
}

/** 2 for cent-based currencies, 0 for JPY. */
export function fractionDigits(currency: string): number {
  return minorUnitDivisor(currency) === 1 ? 0 : 2;
}
