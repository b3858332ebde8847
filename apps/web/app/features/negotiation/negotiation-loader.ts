import type { ListingView } from '@hora/core/listing';
import type { NegotiationView } from '@hora/core/offers';
import { transactionPanelView } from '@hora/core/process';
import type { TransactionView } from '@hora/core/transactions';
import type { WebContext } from '../../context.ts';
import { requestLocale } from '../../i18n/catalogue.server.ts';
import type { BookingPanelData } from '../listing-page/booking-panel.tsx';
import { fetchListing, fetchTimeSlots } from '../listing-page/listing-api.ts';
import { bookingPanel } from '../listing-page/listing-page-loader.ts';
import { BOOKING_MONTHS_PARAM, bookingMonthsShown, monthsQueryEnd } from '../listing-page/slot-days.ts';
import { fetchNegotiation } from './negotiation-api.ts';

/** What the order and sale pages show of the negotiation and of the booking after an enquiry. */
export interface NegotiationPageData {
  negotiation: NegotiationView | null;
  /** The customer's booking panel after an enquiry, when the rules show it. */
  booking: {
    listing: Pick<ListingView, 'id' | 'title' | 'price' | 'negotiation' | 'minPrice' | 'maxPrice'>;
    panel: BookingPanelData;
  } | null;
}

/**
 * Which negotiation parts the viewer sees (spec part 1 §2 transaction panel, §4 negotiation): the
 * booking panel for the customer of an enquiry while the provider is not banned, hidden on a
 * negotiable listing until an offer was accepted; the offer form for the provider of a negotiable
 * listing while the server lets them offer.
 */
export function negotiationPartsOf(transaction: TransactionView, negotiation: NegotiationView | null) {
  const panel = transactionPanelView(transaction, {
    role: transaction.role,
    customerBanned: transaction.customer.banned,
    customerDeleted: transaction.customer.deleted,
    providerBanned: transaction.provider.banned,
    providerDeleted: transaction.provider.deleted,
    listingDeleted: transaction.listing.deleted,
    listingNegotiable: negotiation?.negotiable === true,
    offerAccepted: negotiation?.agreedUnitPrice != null,
  });
  const enquiryBookable =
    transaction.role === 'customer' &&
    transaction.nextTransitions.includes('request-payment-after-enquiry') &&
    !transaction.listing.deleted;
  return {
    showBookingPanel: enquiryBookable && panel.showBookingPanel,
    /** The customer of a negotiable listing's enquiry, waiting for an offer to accept. */
    waitingForOffer: enquiryBookable && !panel.showBookingPanel && negotiation?.negotiable === true,
    showOfferForm:
      panel.showOfferButton && negotiation?.negotiable === true && transaction.state === 'enquiry',
    showOffers: (negotiation?.offers.length ?? 0) > 0,
  };
}

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
