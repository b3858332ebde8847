import type { Money } from '@hora/core/money';
import { money } from '@hora/core/money';
import { buildOfferMessage, type OfferEvent, type OfferKind } from '@hora/core/offers';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { transactionMessages, transactions } from '../../db/schema/index.ts';

export interface StoredOffer extends OfferEvent {
  id: string;
}

/** The offers module's tables: offer rows of `transaction_messages`, the agreed price of `transactions`. */
export function offerRepository(db: Executor) {
  return {
    /** A transaction's offers and answers, oldest first (only rows this module wrote: offer_kind set). */
    async offersOf(transactionId: string): Promise<StoredOffer[]> {
      const rows = await db
        .select({
          id: transactionMessages.id,
          kind: transactionMessages.offerKind,
          amount: transactionMessages.offerAmount,
          currency: transactionMessages.offerCurrency,
          senderId: transactionMessages.senderId,
          createdAt: transactionMessages.createdAt,
        })
        .from(transactionMessages)
        .where(
          and(eq(transactionMessages.transactionId, transactionId), isNotNull(transactionMessages.offerKind)),
        )
        .orderBy(asc(transactionMessages.createdAt));
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind as OfferKind,
        price: money(row.amount as number, row.currency as string),
        senderId: row.senderId,
        createdAt: row.createdAt,
      }));
    },

    /**
     * An offer or answer as a message: the structured columns are the truth; `content` is the spec's
     * marker text rendered from them, for whatever reads messages as text (lists, emails, old clients).
     */
    async insert(input: {
      id: string;
      transactionId: string;
      senderId: string;
      kind: OfferKind;
      price: Money;
      createdAt: Date;
    }): Promise<void> {
      await db.insert(transactionMessages).values({
        id: input.id,
        transactionId: input.transactionId,
        senderId: input.senderId,
        content: buildOfferMessage(input.kind, input.price),
        createdAt: input.createdAt,
        offerKind: input.kind,
        offerAmount: input.price.amount,
        offerCurrency: input.price.currency,
      });
    },

    /** The accepted per-hour price: what the line items of the enquiry's booking use. */
    async setNegotiatedPrice(transactionId: string, amount: number): Promise<void> {
      await db
        .update(transactions)
        .set({ negotiatedUnitPrice: amount })
        .where(eq(transactions.id, transactionId));
    },
  };
}
