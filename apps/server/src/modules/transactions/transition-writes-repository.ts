import type { Actor, ProcessState, TransitionName } from '@hora/core/process';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import {
  bookings,
  transactionMessages,
  transactionPayments,
  transactions,
  transactionTransitions,
} from '../../db/schema/index.ts';

/*
 * What the transitions write: their record, the transaction's new state, the booking and message
 * of a payment request after an enquiry, the seats held, the payment intent and the payments'
 * outcomes.
 */

export type TransactionInsert = typeof transactions.$inferInsert;
export type BookingInsert = typeof bookings.$inferInsert;

export function transitionWrites(db: Executor) {
  return {
    async appendTransition(
      id: string,
      position: number,
      record: { transition: TransitionName; by: Actor; createdAt: Date },
    ): Promise<void> {
      await db.insert(transactionTransitions).values({ transactionId: id, position, ...record });
    },

    async updateState(
      id: string,
      changes: {
        state: ProcessState;
        lastTransition: TransitionName;
        lastTransitionedAt: Date;
        nextTimerAt: Date | null;
        paymentExpiresAt: Date | null;
      },
    ): Promise<void> {
      await db.update(transactions).set(changes).where(eq(transactions.id, id));
    },

    /** The booking of an enquiry's payment request: the exclusion constraint checks it (23P01). */
    async insertBooking(row: BookingInsert): Promise<void> {
      await db.insert(bookings).values(row);
    },

    /** The checkout's message of a booking after an enquiry (a plain message: no offer columns). */
    async insertMessage(row: { transactionId: string; senderId: string; content: string; createdAt: Date }) {
      await db.insert(transactionMessages).values(row);
    },

    /** What the payment request after an enquiry prices and stores on the enquiry's row. */
    async updateRequest(id: string, changes: Partial<TransactionInsert>): Promise<void> {
      await db.update(transactions).set(changes).where(eq(transactions.id, id));
    },

    async setHoldsSeats(id: string, holds: boolean): Promise<void> {
      await db.update(bookings).set({ holdsSeats: holds }).where(eq(bookings.transactionId, id));
    },

    async setIntent(id: string, intentId: string, status: string): Promise<void> {
      await db
        .update(transactions)
        .set({ paymentIntentId: intentId, paymentIntentStatus: status })
        .where(eq(transactions.id, id));
    },

    async setIntentStatus(id: string, status: string): Promise<void> {
      await db.update(transactions).set({ paymentIntentStatus: status }).where(eq(transactions.id, id));
    },

    async recordPayment(row: typeof transactionPayments.$inferInsert): Promise<void> {
      await db.insert(transactionPayments).values(row).onConflictDoNothing();
    },
  };
}
