import type { ListingView } from '@hora/core/listing';
import type { NegotiationView } from '@hora/core/offers';
import { transactionPanelView } from '@hora/core/process';
import type { TransactionView } from '@hora/core/transactions';
import type { BookingPanelData } from '../listing-page/booking-panel.tsx';

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
