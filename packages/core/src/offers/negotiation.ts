import type { Money } from '../money/money.ts';
import type { NegotiatedPrice } from '../pricing/booking-price.ts';
import { parseOfferMessage } from './markers.ts';

export interface TransactionMessage {
  content: string;
  senderId: string;
  createdAt: Date;
}

export interface NegotiationParties {
  customerId: string;
  providerId: string;
}

function chronological(messages: readonly TransactionMessage[]): TransactionMessage[] {
  return [...messages].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * The negotiation as the messages tell it. Only the provider's offers count, and only a
 * customer answer naming the price of the provider's latest offer: a customer cannot
 * "accept" a price nobody offered. Null when no offer was made.
 */
export function negotiationFromMessages(
  messages: readonly TransactionMessage[],
  parties: NegotiationParties,
): NegotiatedPrice | null {
  let state: NegotiatedPrice | null = null;
  for (const message of chronological(messages)) {
    const offer = parseOfferMessage(message.content);
    if (!offer) continue;
    if (offer.kind === 'offered' && message.senderId === parties.providerId) {
      state = { status: 'offered', unitPrice: offer.price };
    } else if (
      offer.kind !== 'offered' &&
      message.senderId === parties.customerId &&
      state?.status === 'offered' &&
      state.unitPrice.amount === offer.price.amount &&
      state.unitPrice.currency === offer.price.currency
    ) {
      state = { status: offer.kind, unitPrice: offer.price };
    }
  }
  return state;
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
export function offerFormState(messages: readonly TransactionMessage[]): OfferFormState {
  const markers = chronological(messages)
    .map((m) => parseOfferMessage(m.content))
    .filter((o) => o !== null);
  const latest = markers[markers.length - 1];
  return latest && latest.kind !== 'declined' ? 'sent-or-accepted' : 'not-sent';
}
