import type { Money } from '../money/money.ts';
import type { NegotiatedPrice } from '../pricing/booking-price.ts';
import { type OfferKind, parseOfferMessage } from './markers.ts';

export interface TransactionMessage {
  content: string;
  senderId: string;
  createdAt: Date;
}

export interface NegotiationParties {
  customerId: string;
  providerId: string;
}

/** An offer or an answer, with who sent it and when (parsed from a marker text or stored as such). */
export interface OfferEvent {
  kind: OfferKind;
  price: Money;
  senderId: string;
  createdAt: Date;
}

function chronologicalOffers(offers: readonly OfferEvent[]): OfferEvent[] {
  return [...offers].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * The negotiation the offers tell. Only the provider's offers count, and only a customer answer
 * naming the price of the provider's latest offer: a customer cannot "accept" a price nobody
 * offered. Null when no offer was made.
 */
export function negotiationFromOffers(
  offers: readonly OfferEvent[],
  parties: NegotiationParties,
): NegotiatedPrice | null {
  let state: NegotiatedPrice | null = null;
  for (const offer of chronologicalOffers(offers)) {
    if (offer.kind === 'offered' && offer.senderId === parties.providerId) {
      state = { status: 'offered', unitPrice: offer.price };
    } else if (
      offer.kind !== 'offered' &&
      offer.senderId === parties.customerId &&
      state?.status === 'offered' &&
      state.unitPrice.amount === offer.price.amount &&
      state.unitPrice.currency === offer.price.currency
    ) {
      state = { status: offer.kind, unitPrice: offer.price };
    }
  }
  return state;
}

/** The offers that marker texts carry (old clients' messages; see markers.ts). */
function offersInMessages(messages: readonly TransactionMessage[]): OfferEvent[] {
  return messages.flatMap((message) => {
    const offer = parseOfferMessage(message.content);
    return offer ? [{ ...offer, senderId: message.senderId, createdAt: message.createdAt }] : [];
  });
}

/** The negotiation as marker messages tell it (see `negotiationFromOffers`). */
export function negotiationFromMessages(
  messages: readonly TransactionMessage[],
  parties: NegotiationParties,
): NegotiatedPrice | null {
  return negotiationFromOffers(offersInMessages(messages), parties);
}

/** The agreed per-hour price, if the customer accepted the provider's latest offer. */
export function acceptedOfferPrice(
  messages: readonly TransactionMessage[],
  parties: NegotiationParties,
): Money | null {
  const negotiation = negotiationFromMessages(messages, parties);
  return negotiation?.status === 'accepted' ? negotiation.unitPrice : null;
}

export type OfferFormState = 'not-sent' | 'sent-or-accepted';

/**
 * The message form's offer state: 'sent-or-accepted' while an offer or an acceptance stands,
 * back to 'not-sent' once the latest marker is a decline.
 */
export function offerFormStateOf(offers: readonly OfferEvent[]): OfferFormState {
  const latest = chronologicalOffers(offers).at(-1);
  return latest && latest.kind !== 'declined' ? 'sent-or-accepted' : 'not-sent';
}

/** The offer state of marker messages (see `offerFormStateOf`). */
export function offerFormState(messages: readonly TransactionMessage[]): OfferFormState {
  return offerFormStateOf(offersInMessages(messages));
}
