import { PAGE_SIZES } from '../config/constants.ts';
import type { OfferMessage } from '../offers/markers.ts';

/**
 * A message of a transaction's conversation (spec part 1 §3 Message). Issue 12's negotiation adds
 * structured offers to the same rows; a message without one is plain text.
 */
export interface MessageView {
  id: string;
  senderId: string;
  /** The text as stored; a typed text is shown through `plainMessageText`. */
  content: string;
  createdAt: string;
  /**
   * The price offer or answer the row is (decision 0042), from its structured columns; null for a
   * typed message. Readers never parse `content` for offers.
   */
  offer: OfferMessage | null;
}

/** A page of messages, newest page first; the messages within a page oldest first (read order). */
export interface MessagePageView {
  data: MessageView[];
  meta: { page: number; perPage: number; totalItems: number; totalPages: number };
}

/** Spec part 2 §9: messages are loaded 100 at a time. */
export const MESSAGES_PER_PAGE = PAGE_SIZES.messages;

/**
 * Spec part 2 §6: both parties may message unless either is banned or deleted. A deleted listing
 * does not stop the conversation (the page says so: "messageDeletedListing").
 */
export function messagingAllowed(parties: {
  customer: { banned: boolean; deleted: boolean };
  provider: { banned: boolean; deleted: boolean };
}): boolean {
  const { customer, provider } = parties;
  return !(customer.banned || customer.deleted || provider.banned || provider.deleted);
}
