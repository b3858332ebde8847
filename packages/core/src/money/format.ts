import { MARKETPLACE } from '../config/constants.ts';
import { fractionDigits } from './currencies.ts';
import type { Money } from './money.ts';
import { toDecimalString } from './money.ts';

export interface FormatMoneyOptions {
  locale?: string;
  /** Defaults to the currency's digits (2, or 0 for JPY); 0 shows whole units. */
  fractionDigits?: number;
}

// Building an Intl.NumberFormat costs far more than formatting with one, and a page formats many
// prices in few locales and currencies: one formatter per combination, kept.
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format;
}

/** Locale formatting through Intl, from the exact decimal text (no float rounding). */
export function formatMoney(value: Money, options: FormatMoneyOptions = {}): string {
  const digits = options.fractionDigits ?? fractionDigits(value.currency);
  const format = numberFormat(options.locale ?? MARKETPLACE.intlLocale, value.currency, digits);
  return format.format(toDecimalString(value) as `${number}`);
}
