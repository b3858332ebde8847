import type { Money } from '../money/money.ts';
import type { ProcessState, Role } from '../process/booking-process.ts';
import type { OfferKind } from './markers.ts';
import {
  type NegotiationParties,
  negotiationFromOffers,
  type OfferEvent,
  offerFormStateOf,
} from './negotiation.ts';

/**
 * The highest per-hour offer, in minor units: the listing form's own price bound (100 000 €), so an
 * offer never prices beyond what a listing could.
 */
export const OFFER_PRICE_MAX_MINOR = 10_000_000;

export type OfferRefusal =
  | 'not-provider'
  | 'not-customer'
  | 'not-negotiable'
  | 'not-enquiry'
  | 'party-unavailable'
  | 'offer-open'
  | 'offer-accepted'
  | 'no-open-offer';

export interface OfferContext extends NegotiationParties {
  role: Role;
  state: ProcessState;
  listingNegotiable: boolean;
  /** Either party banned or deleted: no messages, so no offers nor answers (spec part 1 §4). */
  partyUnavailable: boolean;
  /** The offers as the server stores them: structured rows, never read from typed text. */
  offers: readonly OfferEvent[];
}

/**
 * Why the viewer may not send an offer now, or null (spec part 2 §6: the provider, on negotiable
 * listings, not after completion). Offers are made only while the customer can still book from the
 * enquiry (state `enquiry`, decision 0042), one at a time: not while one waits for its answer, and
 * not once one was accepted (the agreed price is what the booking uses).
 */
export function offerRefusal(context: OfferContext): OfferRefusal | null {
  if (context.role !== 'provider') return 'not-provider';
  if (!context.listingNegotiable) return 'not-negotiable';
  if (context.state !== 'enquiry') return 'not-enquiry';
  if (context.partyUnavailable) return 'party-unavailable';
  const negotiation = negotiationFromOffers(context.offers, context);
  if (negotiation?.status === 'accepted') return 'offer-accepted';
  if (offerFormStateOf(context.offers) === 'sent-or-accepted') return 'offer-open';
  return null;
}

/**
 * Why the viewer may not answer now, or null: only the customer, only in the enquiry, and only the
 * provider's latest offer while it waits for its answer. Returns that offer's price when allowed.
 */
export function answerRefusal(
  context: Omit<OfferContext, 'listingNegotiable'> & { listingNegotiable?: boolean },
): { refusal: OfferRefusal } | { refusal: null; price: Money } {
  if (context.role !== 'customer') return { refusal: 'not-customer' };
  if (context.state !== 'enquiry') return { refusal: 'not-enquiry' };
  if (context.partyUnavailable) return { refusal: 'party-unavailable' };
  const negotiation = negotiationFromOffers(context.offers, context);
  if (negotiation?.status !== 'offered') return { refusal: 'no-open-offer' };
  return { refusal: null, price: negotiation.unitPrice };
}

/** One offer or answer as the API shows it to the two parties. */
export interface OfferMessageView {
  id: string;
  kind: OfferKind;
  price: Money;
  senderId: string;
  createdAt: string;
}

/** `GET /api/transactions/:id/offers`: the negotiation as the viewer sees it. */
export interface NegotiationView {
  /** The listing's negotiation is "yes". */
  negotiable: boolean;
  offers: OfferMessageView[];
  /** Where the latest offer stands (null: none made). */
  status: 'offered' | 'accepted' | 'declined' | null;
  /** The accepted per-hour price, stored on the transaction: what the booking's line items use. */
  agreedUnitPrice: Money | null;
  /** The message form's offer state (spec part 1 §4). */
  formState: 'not-sent' | 'sent-or-accepted';
  /** The viewer may send an offer now / answer the open one now. */
  canOffer: boolean;
  canAnswer: boolean;
}
