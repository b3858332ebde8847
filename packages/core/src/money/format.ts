import { MARKETPLACE } from '../config/constants.ts';
import { fractionDigits } from './currencies.ts';
import type { Money } from './money.ts';
import { toDecimalString } from './money.ts';

export interface FormatMoneyOptions {
  locale?: string;
  /** Defaults to the currency's digits (2, or 0 for JPY); 0 shows whole units. */
  fractionDigits?: number;
}

/** Locale formatting through Intl, from the exact decimal text (no float rounding). */
export function formatMoney(value: Money, options: FormatMoneyOptions = {}): string {
  const digits = options.fractionDigits ?? fractionDigits(value.currency);
  const format = new Intl.NumberFormat(options.locale ?? MARKETPLACE.intlLocale, {
    style: 'currency',
    currency: value.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(toDecimalString(value) as `${number}`);
}
