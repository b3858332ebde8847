import { fractionDigits, type Money, toDecimalString } from '@hora/core/money';
import { LINE_ITEM_CODES, type LineItem, type Party } from '@hora/core/pricing';
import type { BreakdownView, TransactionView } from '@hora/core/transactions';
import { useI18n } from '../../i18n/i18n.tsx';
import { useViewerTimeZone, zoneDiffers } from './viewer-time-zone.ts';

type BreakdownSource = { breakdown: BreakdownView } | { transaction: TransactionView };

/**
 * Whose side is shown: `party`, or `role` (the transaction's own `role` passes straight through;
 * a literal `role="customer"` reads as an ARIA role to the linter, hence `party`).
 */
type BreakdownSide = { party: Party; role?: never } | { role: Party; party?: never };

/** A transaction's breakdown, or null before it has a booking and prices (an enquiry). */
export function breakdownOfTransaction(transaction: TransactionView): BreakdownView | null {
  const { booking, payinTotal, payoutTotal } = transaction;
  if (!booking || !payinTotal || !payoutTotal) return null;
  return {
    lineItems: transaction.lineItems,
    payinTotal,
    payoutTotal,
    booking,
    timeZone: transaction.listing.timeZone,
  };
}

const BOOKING_UNITS: readonly string[] = [LINE_ITEM_CODES.units, LINE_ITEM_CODES.day, LINE_ITEM_CODES.night];

/** The label key of a line other than the booking unit's (commissions, discounts). */
function lineLabelKey(code: string): string {
  switch (code) {
    case LINE_ITEM_CODES.customerCommission:
      return 'breakdown.customerCommission';
    case LINE_ITEM_CODES.providerCommission:
      return 'breakdown.providerCommission';
    case LINE_ITEM_CODES.referralDiscount:
      return 'breakdown.referralDiscount';
    default:
      return 'breakdown.otherLine';
  }
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Core's `formatMoney`, by the same rule (Intl from the exact decimal text): importing it here
 * would split it out of the chunk the listing page's price shares with it, one more script on a
 * page whose first load is at its budget.
 */
function formatAmount(value: Money, locale: string): string {
  const key = `${locale}|${value.currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const digits = fractionDigits(value.currency);
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: value.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(toDecimalString(value) as `${number}`);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatInstant(iso: string, locale: string, timeZone: string): string {
  const key = `${locale}|${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/**
 * The booking's price as the server computed it (spec part 1 §2 checkout and transaction panel):
 * its dates in the listing's zone, the hours times the price per hour, the commission lines the
 * viewer's side pays or gives, and the total that side pays (customer) or receives (provider).
 * Never computes a price: every figure is one of the server's line items.
 */
export function BookingBreakdown(
  props: BreakdownSource &
    BreakdownSide & {
      /** Money given back to the customer (decline, expire, cancel). */ refunded?: Money | null;
      /** The note naming the listing's zone; off where the page says it already (the booking form). */
      zoneNote?: boolean;
    },
) {
  const { t, locale } = useI18n();
  const viewerZone = useViewerTimeZone();
  const breakdown = 'breakdown' in props ? props.breakdown : breakdownOfTransaction(props.transaction);
  if (!breakdown) return null;
  const role: Party = props.party ?? props.role;
  const money = (value: Money) => formatAmount(value, locale);
  const mine = breakdown.lineItems.filter((item) => item.includeFor.includes(role));
  const unit = mine.find((item) => BOOKING_UNITS.includes(item.code));
  const others = mine.filter((item) => item !== unit && !item.reversal);
  // The customer's total is what they were charged; a refund (every refund gives back the whole
  // payment) leaves the provider nothing to receive.
  const total =
    role === 'customer'
      ? breakdown.payinTotal
      : props.refunded
        ? { ...breakdown.payoutTotal, amount: 0 }
        : breakdown.payoutTotal;

  return (
    <section className="breakdown" data-testid="booking-breakdown" aria-label={t('breakdown.title')}>
      <dl className="breakdown__dates">
        <div className="breakdown__row">
          <dt>{t('breakdown.start')}</dt>
          <dd>{formatInstant(breakdown.booking.start, locale, breakdown.timeZone)}</dd>
        </div>
        <div className="breakdown__row">
          <dt>{t('breakdown.end')}</dt>
          <dd>{formatInstant(breakdown.booking.end, locale, breakdown.timeZone)}</dd>
        </div>
      </dl>
      {props.zoneNote !== false && zoneDiffers(breakdown.timeZone, viewerZone) && (
        <p className="breakdown__zone">{t('breakdown.timeZone', { zone: breakdown.timeZone })}</p>
      )}
      <dl className="breakdown__lines">
        {unit && <UnitLine item={unit} money={money} locale={locale} />}
        {others.map((item: LineItem) => (
          <div key={item.code} className="breakdown__row">
            <dt>{t(lineLabelKey(item.code))}</dt>
            <dd>{money(item.lineTotal)}</dd>
          </div>
        ))}
        <div className="breakdown__row breakdown__total">
          <dt>{t(role === 'customer' ? 'breakdown.total' : 'breakdown.payout')}</dt>
          <dd data-testid="breakdown-total">{money(total)}</dd>
        </div>
        {props.refunded && (
          <div className="breakdown__row" data-testid="breakdown-refunded">
            <dt>{t('breakdown.refunded')}</dt>
            <dd>{money(props.refunded)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function UnitLine(props: { item: LineItem; money: (value: Money) => string; locale: string }) {
  const { t } = useI18n();
  const { item } = props;
  const hours = new Intl.NumberFormat(props.locale, { maximumFractionDigits: 2 }).format(item.quantity ?? 1);
  return (
    <div className="breakdown__row">
      <dt>
        {t('breakdown.hours', { count: item.quantity ?? 1, hours })} × {props.money(item.unitPrice)}
      </dt>
      <dd>{props.money(item.lineTotal)}</dd>
    </div>
  );
}
