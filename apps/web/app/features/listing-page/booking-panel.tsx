import type { ListingView } from '@hora/core/listing';
import { Fragment } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/ui/form.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { PricePerHour } from './price-per-hour.tsx';
import { formatSlotDay, SLOT_DAYS_STEP, type SlotDay } from './slot-days.ts';

/** What the listing page's loader prepares for the panel. */
export interface BookingPanelData {
  /** The days shown, with their free ranges; null when the slots could not be loaded. */
  days: SlotDay[] | null;
  shownDays: number;
  /** The listing's booking window: "Ver más días" stops there. */
  maxDays: number;
}

/**
 * The booking side of the page (spec part 1 §2): the price per hour and the free time of the
 * coming days. The booking form comes with the checkout; until then the panel sends people to
 * the host (the contact link) instead of showing a button that does nothing.
 */
export function BookingPanel(props: {
  listing: Pick<ListingView, 'price' | 'negotiation' | 'minPrice' | 'maxPrice'>;
  booking: BookingPanelData;
  contactHref: string;
  /** In the phone modal, whose own title names the panel. */
  inModal?: boolean;
}) {
  const { t, locale } = useI18n();
  const { booking } = props;
  const location = useLocation();
  const moreDays = Math.min(booking.shownDays + SLOT_DAYS_STEP, booking.maxDays);
  const moreHref = () => {
    const params = new URLSearchParams(location.search);
    params.set('days', String(moreDays));
    return `${location.pathname}?${params}`;
  };
  const hasFreeTime = booking.days?.some((day) => day.ranges.length > 0) ?? false;

  return (
    <div className="booking-panel" data-testid="booking-panel">
      {!props.inModal && <h2 className="booking-panel__title">{t('listing.booking.title')}</h2>}
      <PricePerHour listing={props.listing} className="booking-panel__price" />
      <h3 className="booking-panel__subtitle">
        {t('listing.booking.freeTime', { days: booking.shownDays })}
      </h3>
      {booking.days === null ? (
        <Alert tone="error">{t('listing.booking.slotsFailed')}</Alert>
      ) : (
        <>
          {!hasFreeTime && <p className="booking-panel__empty">{t('listing.booking.noFreeTime')}</p>}
          <dl className="slot-days">
            {booking.days.map((day) => (
              <div key={day.date} className="slot-days__day">
                <dt>{formatSlotDay(day.date, locale)}</dt>
                <dd>
                  {day.ranges.length === 0
                    ? t('listing.booking.dayFull')
                    : day.ranges.map((range, i) => (
                        <Fragment key={range.start}>
                          {i > 0 && ', '}
                          <span className="slot-days__range">{`${range.start}–${range.end}`}</span>
                        </Fragment>
                      ))}
                </dd>
              </div>
            ))}
          </dl>
          {booking.shownDays < booking.maxDays && (
            <Link to={moreHref()} preventScrollReset replace className="booking-panel__more">
              {t('listing.booking.moreDays')}
            </Link>
          )}
        </>
      )}
      <p className="booking-panel__note">{t('listing.booking.comingSoon')}</p>
      <Link to={props.contactHref} className="button button--primary booking-panel__contact">
        {t('listing.booking.contact')}
      </Link>
    </div>
  );
}
