/**
 * Payout countries (spec part 2 §9). The spec lists 36 codes and notes that other parts say 31,
 * 35 or about 40; the explicit list of 36 is the one we trust.
 */
export const PAYOUT_COUNTRIES = [
  'AU',
  'AT',
  'BE',
  'BG',
  'CA',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HK',
  'IE',
  'IT',
  'JP',
  'LV',
  'LT',
  'LU',
  'MT',
  'MX',
  'NL',
  'NZ',
  'NO',
  'PL',
  'PT',
  'RO',
  'SG',
  'SK',
  'SI',
  'ES',
  'SE',
  'CH',
  'GB',
  'US',
] as const;

export type PayoutCountry = (typeof PAYOUT_COUNTRIES)[number];

export function isPayoutCountry(value: unknown): value is PayoutCountry {
  return typeof value === 'string' && (PAYOUT_COUNTRIES as readonly string[]).includes(value);
}

/** Countries whose bank details are a single IBAN (spec part 2 §9). */
export const IBAN_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'CH',
  'NO',
] as const satisfies readonly PayoutCountry[];

export type IbanCountry = (typeof IBAN_COUNTRIES)[number];

export function isIbanCountry(value: unknown): value is IbanCountry {
  return typeof value === 'string' && (IBAN_COUNTRIES as readonly string[]).includes(value);
}

/**
 * Currency a payout bank account is held in. Euro-area countries use EUR; the others their own
 * currency. The spec says one list gives NO as EUR: Norway's banks hold NOK, so NOK it is.
 */
export const PAYOUT_CURRENCY_BY_COUNTRY: Readonly<Record<PayoutCountry, string>> = {
  AU: 'AUD',
  AT: 'EUR',
  BE: 'EUR',
  BG: 'EUR',
  CA: 'CAD',
  CY: 'EUR',
  CZ: 'CZK',
  DK: 'DKK',
  EE: 'EUR',
  FI: 'EUR',
  FR: 'EUR',
  DE: 'EUR',
  GR: 'EUR',
  HK: 'HKD',
  IE: 'EUR',
  IT: 'EUR',
  JP: 'JPY',
  LV: 'EUR',
  LT: 'EUR',
  LU: 'EUR',
  MT: 'EUR',
  MX: 'MXN',
  NL: 'EUR',
  NZ: 'NZD',
  NO: 'NOK',
  PL: 'PLN',
  PT: 'EUR',
  RO: 'RON',
  SG: 'SGD',
  SK: 'EUR',
  SI: 'EUR',
  ES: 'EUR',
  SE: 'SEK',
  CH: 'CHF',
  GB: 'GBP',
  US: 'USD',
};

/** Countries where the provider asks for a personal id number; the US asks for SSN last 4. */
export const PERSONAL_ID_COUNTRIES: readonly PayoutCountry[] = ['CA', 'HK', 'SG'];
/** Countries whose addresses need a state or province. */
export const STATE_COUNTRIES: readonly PayoutCountry[] = ['AU', 'CA', 'US'];
/** Hong Kong addresses have no postal code. */
export const NO_POSTAL_CODE_COUNTRIES: readonly PayoutCountry[] = ['HK'];

/** Locales the country list is offered in (spec part 1 §1). */
export const COUNTRY_NAME_LOCALES = ['en', 'fr', 'es', 'de'] as const;

/**
 * Localised country name through `Intl.DisplayNames`, so no name tables ship with the code.
 * Throws 'Country code not found' (spec part 2 §8.2) for anything that is not a known region.
 */
const regionNames = new Map<string, Intl.DisplayNames>();

export function countryName(code: string, locale = 'es'): string {
  // 'ZZ' is CLDR's "unknown region": a code, not a country.
  if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ') throw new Error('Country code not found');
  // One Intl.DisplayNames per locale, kept: a country select names 36 countries per render.
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    regionNames.set(locale, names);
  }
  const name = names.of(code);
  if (name === undefined || name === code) throw new Error('Country code not found');
  return name;
}
