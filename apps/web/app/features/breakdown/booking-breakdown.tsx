import { formatMoney, type Money } from '@hora/core/money';
import { LINE_ITEM_CODES, type LineItem } from '@hora/core/pricing';
import type { Role } from '@hora/core/process';
import type { BreakdownView } from '@hora/core/transactions';
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';
import { type BookingTimes, bookingTimes, browserTimeZone, zoneName } from './booking-dates.ts';

const INTL_LOCALES = { es: 'es-ES', en: 'en-GB' } as const;

/** Whose lines a breakdown shows: the customer pays the payin, the provider receives the payout. */
function linesFor(lineItems: readonly LineItem[], role: Role): LineItem[] {
  return lineItems.filter((item) => item.includeFor.includes(role) && !item.reversal);
}

function labelKey(code: string): string {
  if (code === LINE_ITEM_CODES.customerCommission) return 'breakdown.customerCommission';
  if (code === LINE_ITEM_CODES.providerCommission) return 'breakdown.providerCommission';
  if (code === LINE_ITEM_CODES.referralDiscount) return 'breakdown.referralDiscount';
  return 'breakdown.other';
}

/**
 * The zone label shows when the viewer's zone is not the listing's. The server cannot know the
 * viewer's zone, so the first render (server and hydration) names the zone, and the browser hides
 * the label once it sees it is its own.
 */
function useShowZone(timeZone: string): boolean {
  const [viewerZone, setViewerZone] = useState<string | null>(null);
  useEffect(() => setViewerZone(browserTimeZone()), []);
  return viewerZone === null || viewerZone !== timeZone;
}

function Dates({ times }: { times: BookingTimes }) {
  const { t } = useI18n();
  return (
    <dl className="breakdown__dates">
      <div>
        <dt>{t('breakdown.start')}</dt>
        <dd>
          {times.startDate}
          <br />
          {times.startTime}
        </dd>
      </div>
      <div>
        <dt>{t('breakdown.end')}</dt>
        <dd>
          {times.sameDay ? null : (
            <>
              {times.endDate}
              <br />
            </>
          )}
          {times.endTime}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The booking breakdown (spec part 1 §2): the booked time in the listing's time zone, hours ×
 * price, the viewer's commission and their total. Line items come from the server only.
 */
export function BookingBreakdown(props: {
  breakdown: BreakdownView;
  role: Role;
  /** Money given back to the customer after a decline, expiry or cancel. */
  refunded?: Money | null;
}) {
  const { t, locale } = useI18n();
  const { breakdown, role } = props;
  const showZone = useShowZone(breakdown.timeZone);
  const times = bookingTimes(breakdown.booking, breakdown.timeZone, locale);
  const money = (value: Money) => formatMoney(value, { locale: INTL_LOCALES[locale] });
  const hours = new Intl.NumberFormat(INTL_LOCALES[locale], { maximumFractionDigits: 2 });
  const total = role === 'customer' ? breakdown.payinTotal : breakdown.payoutTotal;
  return (
    <section className="breakdown" aria-labelledby="breakdown-title">
      <h2 id="breakdown-title" className="breakdown__title">
        {t('breakdown.title')}
      </h2>
      <Dates times={times} />
      {showZone ? (
        <p className="breakdown__zone">{t('breakdown.timeZone', { zone: zoneName(breakdown.timeZone) })}</p>
      ) : null}
      <table className="breakdown__lines">
        <tbody>
          {linesFor(breakdown.lineItems, role).map((item) => (
            <tr key={item.code}>
              <th scope="row">
                {item.code === LINE_ITEM_CODES.units
                  ? t('breakdown.units', {
                      hours: hours.format(item.quantity ?? 1),
                      price: money(item.unitPrice),
                    })
                  : t(labelKey(item.code))}
              </th>
              <td>{money(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t(role === 'customer' ? 'breakdown.payinTotal' : 'breakdown.payoutTotal')}</th>
            <td>{money(total)}</td>
          </tr>
          {props.refunded ? (
            <tr className="breakdown__refund">
              <th scope="row">{t('breakdown.refunded')}</th>
              <td>{money(props.refunded)}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
    </section>
  );
}
