import { money } from '@hora/core/money';
import { plainMessageText } from '@hora/core/offers';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listings } from '../../db/schema/listings.ts';
import { bookings, transactionMessages, transactions } from '../../db/schema/transactions.ts';
import type { TransactionNotificationFacts } from '../notifications/facts.ts';

/**
 * What the notifications job reads about a transaction, from this module's tables: the parties,
 * the listing's title and zone, the booking, the price and the customer's first message.
 */
export function transactionNotificationFacts(db: Database): TransactionNotificationFacts {
  return {
    async find(transactionId) {
      const [row] = await db
        .select({
          id: transactions.id,
          customerId: transactions.customerId,
          providerId: transactions.providerId,
          lineItems: transactions.lineItems,
          payinTotal: transactions.payinTotal,
          currency: transactions.currency,
          listingId: transactions.listingId,
          title: listings.title,
          timeZone: listings.timeZone,
          start: bookings.start,
          end: bookings.end,
        })
        .from(transactions)
        .innerJoin(listings, eq(listings.id, transactions.listingId))
        .leftJoin(bookings, eq(bookings.transactionId, transactions.id))
        .where(eq(transactions.id, transactionId))
        .limit(1);
      if (!row) return null;
      const [first] = await db
        .select({ content: transactionMessages.content, senderId: transactionMessages.senderId })
        .from(transactionMessages)
        .where(eq(transactionMessages.transactionId, transactionId))
        .orderBy(asc(transactionMessages.createdAt))
        .limit(1);
      return {
        id: row.id,
        customerId: row.customerId,
        providerId: row.providerId,
        listing: { id: row.listingId, title: row.title, timeZone: row.timeZone },
        booking: row.start && row.end ? { start: row.start, end: row.end } : null,
        lineItems: row.lineItems,
        payinTotal: row.payinTotal === null ? null : money(row.payinTotal, row.currency),
        firstMessage: first && first.senderId === row.customerId ? plainMessageText(first.content) : null,
      };
    },

    async message(transactionId, messageId) {
      const [row] = await db
        .select({
          id: transactionMessages.id,
          senderId: transactionMessages.senderId,
          content: transactionMessages.content,
          createdAt: transactionMessages.createdAt,
          offerKind: transactionMessages.offerKind,
          offerAmount: transactionMessages.offerAmount,
          offerCurrency: transactionMessages.offerCurrency,
        })
        .from(transactionMessages)
        .where(
          and(eq(transactionMessages.transactionId, transactionId), eq(transactionMessages.id, messageId)),
        );
      if (!row) return null;
      const { offerKind, offerAmount, offerCurrency, ...message } = row;
      const offer =
        offerKind !== null && offerAmount !== null && offerCurrency !== null
          ? { kind: offerKind, price: money(offerAmount, offerCurrency) }
          : null;
      return { ...message, offer };
    },
  };
}
