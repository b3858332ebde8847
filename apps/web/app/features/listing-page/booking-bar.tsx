import type { ListingView } from '@hora/core/listing';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { isBookingOpen, PHONE_LAYOUT_QUERY, withBookingFlag } from './booking-flag.ts';
import { BookingPanel, type BookingPanelData } from './booking-panel.tsx';
import { PricePerHour } from './price-per-hour.tsx';
import { useMediaQuery } from './use-media-query.ts';

/** Where the panel sits in the page: the link's target when the modal cannot open (no JavaScript). */
export const BOOKING_PANEL_ID = 'booking-panel';

/**
 * On phones, a bar fixed at the bottom with the price and a link that opens the booking panel as
 * a modal (the `book` flag). Without JavaScript the link still leads to the panel in the page.
 */
export function BookingBar(props: {
  listing: Pick<ListingView, 'id' | 'title' | 'price' | 'negotiation' | 'minPrice' | 'maxPrice'>;
  booking: BookingPanelData;
}) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(PHONE_LAYOUT_QUERY);
  const open = isPhone && isBookingOpen(new URLSearchParams(location.search));
  const close = () => navigate(withBookingFlag(location, false), { replace: true, preventScrollReset: true });

  return (
    <>
      <div className="booking-bar" data-testid="booking-bar">
        <PricePerHour listing={props.listing} className="booking-bar__price" />
        <Link
          to={`${withBookingFlag({ ...location, hash: '' }, true)}#${BOOKING_PANEL_ID}`}
          preventScrollReset
          className="button button--primary"
        >
          {t('listing.booking.open')}
        </Link>
      </div>
      {open && (
        <Modal title={t('listing.booking.title')} closeLabel={t('listing.booking.close')} onClose={close}>
          <BookingPanel listing={props.listing} booking={props.booking} inModal />
        </Modal>
      )}
    </>
  );
}
