import type { Money } from '@hora/core/money';
import type { OfferMessage } from '@hora/core/offers';
import type { LineItem } from '@hora/core/pricing';

/**
 * What a transaction's notifications need to know about it, read when the job runs. The
 * transactions module owns the tables: it hands the notifications job a reader of this shape
 * (`TransactionNotificationFacts`), so this module never reads those tables itself.
 */
export interface TransactionFacts {
  id: string;
  customerId: string;
  providerId: string;
  listing: {
    id: string;
    /** Empty when the listing was deleted (the emails then name no title). */
    title: string;
    /** The listing's zone: booking times are written in it. */
    timeZone: string;
  };
  booking: { start: Date; end: Date } | null;
  lineItems: readonly LineItem[];
  payinTotal: Money | null;
  /** The customer's optional first message (stored with `request-payment`), for the host's email. */
  firstMessage: string | null;
}

/** A message of the transaction's conversation, for the other party's notification. */
export interface MessageFacts {
  id: string;
  senderId: string;
  content: string;
  createdAt: Date;
  /** The price offer or answer the message is (its structured columns, decision 0042), or null. */
  offer: OfferMessage | null;
}

export interface TransactionNotificationFacts {
  /** The transaction, or null when no such transaction exists. */
  find(transactionId: string): Promise<TransactionFacts | null>;
  /** One of its messages, or null when there is no such message in that transaction. */
  message(transactionId: string, messageId: string): Promise<MessageFacts | null>;
}
