import type { ListingView } from '@hora/core/listing';
import { Alert } from '../../components/ui/form.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { BookingBlock } from './booking-block.ts';
import { BookingForm, type BookingFormData } from './booking-form.tsx';
import { PricePerHour } from './price-per-hour.tsx';

/** What the listing page's loader prepares for the panel. */
export interface BookingPanelData {
  /** Why the listing cannot be booked (worked out by the loader), or null. */
  block: BookingBlock | null;
  /** The booking form's months of free slots (null slots: they could not be loaded). */
  form: BookingFormData;
}

/**
 * The booking side of the page (spec part 1 §2): the price per hour and the booking form, or why
 * the listing cannot be booked.
 */
export function BookingPanel(props: {
  listing: Pick<ListingView, 'id' | 'title' | 'price' | 'negotiation' | 'minPrice' | 'maxPrice'>;
  booking: BookingPanelData;
  /** In the phone modal, whose own title names the panel. */
  inModal?: boolean;
}) {
  const t = useT();
  const { booking } = props;
  const { block } = booking;

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
    </div>
  );
}
