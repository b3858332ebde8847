import type { TransactionView } from '@hora/core/transactions';
import type { WebContext } from '../../context.ts';
import { requestLocale } from '../../i18n/catalogue.server.ts';
import { fetchListing, fetchTimeSlots } from '../listing-page/listing-api.ts';
import { bookingPanel } from '../listing-page/listing-page-loader.ts';
import { BOOKING_MONTHS_PARAM, bookingMonthsShown, monthsQueryEnd } from '../listing-page/slot-days.ts';
import { fetchNegotiation } from './negotiation-api.ts';
import { type NegotiationPageData, negotiationPartsOf } from './negotiation-parts.ts';

/**
 * The negotiation and, when shown, the booking panel's free time. Only a transaction that began as an
 * enquiry can have offers or be booked from the page: the others cost no call.
 */
export async function loadNegotiation(
  request: Request,
  context: Pick<WebContext, 'api' | 'now'>,
  transaction: TransactionView,
): Promise<NegotiationPageData> {
  if (!transaction.transitions.some((t) => t.transition === 'enquire'))
    return { negotiation: null, booking: null };
  const negotiation = await fetchNegotiation(context.api, transaction.id);
  if (!negotiationPartsOf(transaction, negotiation).showBookingPanel) return { negotiation, booking: null };
  const url = new URL(request.url);
  const months = bookingMonthsShown(url.searchParams.get(BOOKING_MONTHS_PARAM));
  const now = context.now();
  const range = { start: now.toISOString(), end: monthsQueryEnd(now, months).toISOString() };
  const [listing, slots] = await Promise.all([
    fetchListing(context.api, transaction.listing.id),
    fetchTimeSlots(context.api, transaction.listing.id, range),
  ]);
  return {
    negotiation,
    booking: {
      listing: {
        id: listing.id,
        title: listing.title,
        price: listing.price,
        negotiation: listing.negotiation,
        minPrice: listing.minPrice,
        maxPrice: listing.maxPrice,
      },
      panel: bookingPanel(listing, slots, now, months, requestLocale(request)),
    },
  };
}
