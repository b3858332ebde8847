import type { ListingView } from '@hora/core/listing';
import { Fragment } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/ui/form.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { bookingBlockOf } from './booking-block.ts';
import { BookingForm, type BookingFormData } from './booking-form.tsx';
import { PricePerHour } from './price-per-hour.tsx';
import { formatSlotDay, SLOT_DAYS_STEP, type SlotDay } from './slot-days.ts';

/** What the listing page's loader prepares for the panel. */
export interface BookingPanelData {
  /** The days shown, with their free ranges; null when the slots could not be loaded. */
  days: SlotDay[] | null;
  shownDays: number;
  /** The listing's booking window: "Ver más días" stops there. */
  maxDays: number;
  /** The booking form's months of free slots. */
  form: BookingFormData;
}

/**
 * The booking side of the page (spec part 1 §2): the price per hour, the booking form (or why
 * the listing cannot be booked), and the free time of the coming days at a glance.
 */
export function BookingPanel(props: {
  listing: Pick<ListingView, 'id' | 'title' | 'price' | 'negotiation' | 'minPrice' | 'maxPrice' | 'author'>;
  booking: BookingPanelData;
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
  const block = bookingBlockOf(props.listing, booking.form.slots !== null);

  return (
    <div className="booking-panel" data-testid="booking-panel">
      {!props.inModal && <h2 className="booking-panel__title">{t('listing.booking.title')}</h2>}
      <PricePerHour listing={props.listing} className="booking-panel__price" />
      {block ? (
        <Alert tone={block === 'slotsFailed' ? 'error' : 'info'}>
          {t(`listing.booking.blocked.${block}`)}
        </Alert>
      ) : (
        <BookingForm listing={props.listing} form={booking.form} />
      )}
      {booking.days !== null && (
        <>
          <h3 className="booking-panel__subtitle">
            {t('listing.booking.freeTime', { days: booking.shownDays })}
          </h3>
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
    </div>
  );
}
