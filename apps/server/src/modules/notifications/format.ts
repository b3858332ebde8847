import { formatMoney, type Money } from '@hora/core/money';
import { LINE_ITEM_CODES, type LineItem } from '@hora/core/pricing';
import type { EmailLocale, ReceiptLine } from '../email/index.ts';

/** The Intl locale of an email language: Spain's Spanish, and British English's 24-hour day. */
const INTL_LOCALES: Record<EmailLocale, string> = { es: 'es-ES', en: 'en-GB' };

/**
 * "lun, 24 nov 2025, 10:00–12:00 (Europe/Madrid)": the booking in the listing's zone, which the
 * email names because the reader may be elsewhere.
 */
export function formatBooking(
  booking: { start: Date; end: Date } | null,
  timeZone: string,
  locale: EmailLocale,
): string {
  if (!booking) return '—';
  const format = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${format.formatRange(booking.start, booking.end)} (${timeZone})`;
}

export function formatAmount(value: Money, locale: EmailLocale): string {
  return formatMoney(value, { locale: INTL_LOCALES[locale] });
}

function kindOf(code: string): ReceiptLine['kind'] {
  if (code === LINE_ITEM_CODES.units) return 'units';
  if (code === LINE_ITEM_CODES.customerCommission) return 'customer-commission';
  if (code === LINE_ITEM_CODES.referralDiscount) return 'referral-discount';
  return 'other';
}

/** The customer's lines of the breakdown (what they pay), formatted for the receipt. */
export function receiptLines(lineItems: readonly LineItem[], locale: EmailLocale): ReceiptLine[] {
  const quantity = new Intl.NumberFormat(INTL_LOCALES[locale], { maximumFractionDigits: 2 });
  return lineItems
    .filter((item) => item.includeFor.includes('customer'))
    .map((item) => ({
      kind: kindOf(item.code),
      quantity: quantity.format(item.quantity ?? 1),
      unitPrice: formatAmount(item.unitPrice, locale),
      amount: formatAmount(item.lineTotal, locale),
    }));
}
