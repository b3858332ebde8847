import type { TransitionName } from '@hora/core/process';
import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import {
  bookings,
  transactionMessages,
  transactionPayments,
  transactions,
  transactionTransitions,
  users,
} from '../../db/schema/index.ts';
import { lockRow, lockRowNowait } from './booking-request-repository.ts';

/*
 * The transactions as the engine, the views and the lists read them: one or several with their
 * parts, the row lock, their payments, parties and first message, a person's pages and counts.
 */

export type TransactionRow = typeof transactions.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type TransitionRow = typeof transactionTransitions.$inferSelect;
export type PaymentRow = typeof transactionPayments.$inferSelect;

/** A transaction with what the engine and the views read alongside it. */
export interface StoredTransaction {
  transaction: TransactionRow;
  booking: BookingRow | null;
  transitions: TransitionRow[];
}

export function transactionReads(db: Executor) {
  async function withParts(row: TransactionRow | undefined): Promise<StoredTransaction | undefined> {
    if (!row) return undefined;
    const [booking, transitions] = await Promise.all([
      db.select().from(bookings).where(eq(bookings.transactionId, row.id)),
      db
        .select()
        .from(transactionTransitions)
        .where(eq(transactionTransitions.transactionId, row.id))
        .orderBy(asc(transactionTransitions.position)),
    ]);
    return { transaction: row, booking: booking[0] ?? null, transitions };
  }

  return {
    /** Several transactions with their parts, in the order of the ids (unknown ids left out). */
    async findMany(ids: readonly string[]): Promise<StoredTransaction[]> {
      if (ids.length === 0) return [];
      const list = [...ids];
      const [rows, bookingRows, transitionRows] = await Promise.all([
        db.select().from(transactions).where(inArray(transactions.id, list)),
        db.select().from(bookings).where(inArray(bookings.transactionId, list)),
        db
          .select()
          .from(transactionTransitions)
          .where(inArray(transactionTransitions.transactionId, list))
          .orderBy(asc(transactionTransitions.position)),
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return list.flatMap((id) => {
        const transaction = byId.get(id);
        if (!transaction) return [];
        return [
          {
            transaction,
            booking: bookingRows.find((b) => b.transactionId === id) ?? null,
            transitions: transitionRows.filter((t) => t.transactionId === id),
          },
        ];
      });
    },

    async paymentsOf(ids: readonly string[]): Promise<PaymentRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(transactionPayments)
        .where(inArray(transactionPayments.transactionId, [...ids]))
        .orderBy(asc(transactionPayments.createdAt));
    },

    async partiesOf(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          image: users.image,
          banned: users.banned,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    /** A customer's bookings waiting for payment (each holds its hours until paid or expired). */
    async unpaidHoldsOf(customerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(transactions)
        .where(and(eq(transactions.customerId, customerId), eq(transactions.state, 'pending-payment')));
      return row?.n ?? 0;
    },

    async find(id: string): Promise<StoredTransaction | undefined> {
      const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
      return withParts(row);
    },

    /** The row locked until the transaction ends; with `noWait`, 55P03 when another holds it. */
    async lock(id: string, options: { noWait?: boolean } = {}): Promise<StoredTransaction | undefined> {
      const [row] = await (options.noWait ? lockRowNowait(db) : lockRow(db)).execute({ id });
      return withParts(row);
    },

    async payments(id: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(transactionPayments)
        .where(eq(transactionPayments.transactionId, id))
        .orderBy(asc(transactionPayments.createdAt));
    },

    async payment(id: string, transition: TransitionName, action: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(transactionPayments)
        .where(
          and(
            eq(transactionPayments.transactionId, id),
            eq(transactionPayments.transition, transition),
            eq(transactionPayments.action, action),
          ),
        );
      return row;
    },

    async firstMessage(id: string): Promise<string | null> {
      const [row] = await db
        .select({ content: transactionMessages.content })
        .from(transactionMessages)
        .where(eq(transactionMessages.transactionId, id))
        .orderBy(asc(transactionMessages.createdAt))
        .limit(1);
      return row?.content ?? null;
    },

    /** A page of a person's transactions, most recently changed first. */
    async page(
      userId: string,
      options: {
        only: 'order' | 'sale' | null;
        lastTransitions: string[] | null;
        page: number;
        perPage: number;
      },
    ): Promise<{ ids: string[]; total: number }> {
      const side =
        options.only === 'order'
          ? eq(transactions.customerId, userId)
          : options.only === 'sale'
            ? eq(transactions.providerId, userId)
            : or(eq(transactions.customerId, userId), eq(transactions.providerId, userId));
      const where = and(
        side,
        options.lastTransitions
          ? inArray(transactions.lastTransition, options.lastTransitions as TransitionName[])
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: transactions.id })
          .from(transactions)
          .where(where)
          .orderBy(desc(transactions.lastTransitionedAt), desc(transactions.id))
          .limit(options.perPage)
          .offset((options.page - 1) * options.perPage),
        db.select({ n: count() }).from(transactions).where(where),
      ]);
      return { ids: rows.map((row) => row.id), total: total?.n ?? 0 };
    },

    /**
     * The provider's sales awaiting their answer (last transition `confirm-payment`): the top bar's
     * dot and the inbox tab's count. One count on a partial index, read on every signed-in page.
     */
    async awaitingCount(providerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(transactions)
        .where(
          and(eq(transactions.providerId, providerId), eq(transactions.lastTransition, 'confirm-payment')),
        );
      return row?.n ?? 0;
    },
  };
}
