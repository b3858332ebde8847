import {
  assertSupportedCurrency,
  type CurrencyCode,
  fractionDigits,
  isSupportedCurrency,
  minorUnitDivisor,
} from './currencies.ts';
import { divideHalfUp, parseDecimal, pow10, toSafeNumber } from './decimal.ts';

/** An amount in integer minor units (cents; yen for JPY) of one currency. */
export interface Money {
  readonly amount: number;
  readonly currency: CurrencyCode;
}

function assertSafeAmount(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError('Money amount outside the safe integer range');
}

export function money(amount: number, currency: string): Money {
  assertSupportedCurrency(currency);
  assertSafeAmount(amount);
  return { amount, currency };
}

export function zeroMoney(currency: string): Money {
  return money(0, currency);
}

export function isMoney(value: unknown): value is Money {
  if (typeof value !== 'object' || value === null) return false;
  const { amount, currency } = value as Record<string, unknown>;
  return typeof amount === 'number' && Number.isSafeInteger(amount) && isSupportedCurrency(currency);
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new TypeError(`Currency mismatch: ${a.currency} and ${b.currency}`);
}

function checked(amount: number, currency: CurrencyCode): Money {
  assertSafeAmount(amount);
  return { amount, currency };
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return checked(a.amount + b.amount, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return checked(a.amount - b.amount, a.currency);
}

export function negateMoney(a: Money): Money {
  // `0 - 0` keeps zero positive; `-0` would print as "-0,00 €".
  return checked(0 - a.amount, a.currency);
}

export function sumMoney(items: readonly Money[], currency: string): Money {
  assertSupportedCurrency(currency);
  return items.reduce((total, item) => addMoney(total, item), zeroMoney(currency));
}

/** amount × factor, rounded half-up to a whole minor unit; exact for any decimal factor. */
export function multiplyMoney(a: Money, factor: number | string): Money {
  const { digits, scale } = parseDecimal(factor);
  return {
    amount: toSafeNumber(divideHalfUp(BigInt(a.amount) * digits, pow10(scale))),
    currency: a.currency,
  };
}

/** amount × numerator / denominator, rounded half-up; exact (e.g. a price per hour × ms / 3.6e6). */
export function multiplyMoneyByFraction(a: Money, numerator: number, denominator: number): Money {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError('Fraction terms must be safe integers');
  }
  return {
    amount: toSafeNumber(divideHalfUp(BigInt(a.amount) * BigInt(numerator), BigInt(denominator))),
    currency: a.currency,
  };
}

/** percent % of the amount (percent may be negative, e.g. −10 for a provider commission). */
export function percentOfMoney(a: Money, percent: number | string): Money {
  const { digits, scale } = parseDecimal(percent);
  return {
    amount: toSafeNumber(divideHalfUp(BigInt(a.amount) * digits, pow10(scale) * 100n)),
    currency: a.currency,
  };
}

export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  assertSameCurrency(a, b);
  return a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0;
}

export function maxMoney(a: Money, b: Money): Money {
  return compareMoney(a, b) >= 0 ? a : b;
}

export function minMoney(a: Money, b: Money): Money {
  return compareMoney(a, b) <= 0 ? a : b;
}

export function moneyEquals(a: Money, b: Money): boolean {
  return a.currency === b.currency && a.amount === b.amount;
}

/** Decimal major units (25.5, "25,50" is not accepted: use a dot) → integer minor units. */
export function toMinorUnits(decimal: number | string, currency: string): number {
  const { digits, scale } = parseDecimal(decimal);
  const divisor = BigInt(minorUnitDivisor(currency));
  return toSafeNumber(divideHalfUp(digits * divisor, pow10(scale)));
}

export function moneyFromDecimal(decimal: number | string, currency: string): Money {
  return money(toMinorUnits(decimal, currency), currency);
}

/** Exact decimal text of an amount, e.g. "25.50" or "-0.05"; "2500" for JPY. */
export function toDecimalString(a: Money): string {
  const digits = fractionDigits(a.currency);
  const negative = a.amount < 0;
  const text = Math.abs(a.amount)
    .toString()
    .padStart(digits + 1, '0');
  const body = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return negative ? `-${body}` : body;
}

/** Major units as a number (25.5). Display and form values only: never compute with it. */
export function toMajorUnits(a: Money): number {
  return Number(toDecimalString(a));
}
