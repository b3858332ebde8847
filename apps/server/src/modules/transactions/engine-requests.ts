/**
 * How a transaction begins: a booking request, an enquiry, and the booking request that continues
 * an enquiry. Each writes the new transaction, its booking where it has one and its effects in one
 * database transaction under its idempotency key.
 */
import type { SeatBooking } from '@hora/core/availability';
import { TIME_MS } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import {
  BOOKING_PROCESS,
  createTransaction,
  holdsSeats,
  transition as runTransition,
  type Transaction,
  type TransitionName,
} from '@hora/core/process';
import { withTransaction } from '../../db/executor.ts';
import { jobsInsertStatement } from '../../jobs/enqueue.ts';
import { assertQueued, type EngineContext, retryingDeadlocks } from './engine-context.ts';
import { messageNotifyJob, toDomain } from './engine-jobs.ts';
import { faultPoint } from './faults.ts';
import {
  type BookingInsert,
  type BookingRow,
  EXCLUSION_VIOLATION,
  type IdempotencyClaim,
  pgErrorCode,
  type StoredTransaction,
  type TransactionInsert,
  type TransactionRow,
  type TransitionRow,
  transactionRepository,
} from './repository.ts';

/** `request`'s idempotency key was taken by another request (which committed first): answer as it did. */
export class IdempotencyKeyTaken extends Error {}

/**
 * Days from now the request reads the listing's bookings for the free time's refresh: more than the
 * refresher's span (a day back, 100 days on), which reads them itself when they do not cover it.
 */
const FREE_TIME_READ_DAYS = 120;

/** What a new transaction is made of (the service validated and priced it). */
export interface NewBooking {
  id: string;
  listingId: string;
  customerId: string;
  providerId: string;
  start: Date;
  end: Date;
  /** The held range: the booking plus the listing's buffers. */
  held: { start: Date; end: Date };
  row: Omit<
    TransactionInsert,
    | 'id'
    | 'listingId'
    | 'customerId'
    | 'providerId'
    | 'processAlias'
    | 'state'
    | 'lastTransition'
    | 'lastTransitionedAt'
    | 'createdAt'
    | 'paymentExpiresAt'
    | 'nextTimerAt'
    | 'payinTotal'
    | 'payoutTotal'
    | 'transferDestination'
  > & { payinTotal: number; payoutTotal: number; transferDestination: string };
  message: string | null;
}

/** What a new enquiry is made of (the service checked the listing and the message). */
export interface NewEnquiry {
  id: string;
  listingId: string;
  customerId: string;
  providerId: string;
  currency: string;
  message: { id: string; content: string };
}

export function transactionRequests(context: EngineContext) {
  const { db, clock, freeTime, timing, effectJobs, enqueueEffects, nextTimerAt } = context;

  /**
   * `request-payment` of a new transaction: the transaction, its first transition, the booking that
   * holds the seats and the checkout message, in one database transaction with the expire-payment
   * timer and the notification. The exclusion constraint has the last word: when another booking
   * holds any of the range, nothing at all is written and the answer is 409
   * `transaction-booking-time-not-available`.
   */
  async function request(
    booking: NewBooking,
    claim?: IdempotencyClaim,
  ): Promise<{ transaction: Transaction; paymentExpiresAt: Date; stored: StoredTransaction }> {
    const now = clock.now();
    const initial = createTransaction({
      id: booking.id,
      customerId: booking.customerId,
      providerId: booking.providerId,
      createdAt: now,
      booking: { start: booking.start, end: booking.end },
    });
    const result = runTransition(initial, 'request-payment', 'customer', now, timing);
    if (!result.ok) throw result.error;
    const after = result.transaction;
    const paymentExpiresAt = new Date(now.getTime() + timing.paymentWindowMs);
    const bookingRow: BookingInsert = {
      transactionId: booking.id,
      listingId: booking.listingId,
      start: booking.start,
      end: booking.end,
      during: `[${booking.held.start.toISOString()},${booking.held.end.toISOString()})`,
      seats: 1,
      holdsSeats: holdsSeats(after.state),
    };
    const row: TransactionRow = {
      negotiatedUnitPrice: null,
      paymentIntentId: null,
      paymentIntentStatus: null,
      protectedData: {},
      paymentCustomerId: null,
      paymentMethodId: null,
      saveCard: false,
      ...booking.row,
      id: booking.id,
      listingId: booking.listingId,
      customerId: booking.customerId,
      providerId: booking.providerId,
      processAlias: BOOKING_PROCESS.alias,
      state: after.state,
      lastTransition: 'request-payment',
      lastTransitionedAt: now,
      createdAt: now,
      paymentExpiresAt,
      nextTimerAt: nextTimerAt(after),
    };
    const transitionRow: TransitionRow = {
      transactionId: booking.id,
      position: 1,
      transition: 'request-payment',
      by: 'customer',
      createdAt: now,
    };
    try {
      await retryingDeadlocks(() =>
        withTransaction(db, async (tx) => {
          const repo = transactionRepository(tx);
          // First the listing: requests for one listing take turns from here to their commit, so a
          // losing request meets the winner's committed booking and fails at once with 23P01. (Left
          // to the exclusion index alone, fifty waiting inserts see each other's uncommitted entries
          // and deadlock in turn, a second each.) The constraint stays the last word. In the same
          // statement, once the turn is ours, the idempotency key: a retry running at the same time
          // waits for this one's commit, then finds the key taken and answers as it did (instead of
          // meeting its booking in the exclusion constraint).
          // The same statement reads what the listing's free time is computed from (decision 0052's
          // addendum): its plan, rules and exceptions, and its other seat-holding bookings as they are
          // once the turn is ours (every earlier booking of the listing committed and seen).
          const heldAround = {
            start: new Date(now.getTime() - 2 * TIME_MS.day),
            end: new Date(now.getTime() + FREE_TIME_READ_DAYS * TIME_MS.day),
          };
          const groups = freeTime.groupsStatement?.(new Date(now.getTime() - TIME_MS.day), [
            booking.listingId,
          ]);
          const turn = await repo.serialiseListing(
            booking.listingId,
            claim ?? undefined,
            groups && { held: heldAround, groups },
          );
          if (!turn.claimed) throw new IdempotencyKeyTaken();
          // The free time with this booking, computed here and written by the statement below: the
          // turn holds three statements, the turn, the writes and the commit.
          const own: SeatBooking = { start: booking.held.start, end: booking.held.end, state: 'accepted' };
          const known = {
            range: heldAround,
            bookings: new Map([[booking.listingId, [...turn.held, own]]]),
            ...(groups ? { groups: turn.groups } : {}),
          };
          const freeTimeWrites = groups ? (freeTime.writes?.([booking.listingId], known) ?? null) : null;
          // Then everything the request writes, the effects' jobs included, in one statement
          // (decision 0036): the transaction, its first transition, the booking (where the exclusion
          // constraint decides), the message, the expire-payment timer and the notification, and the
          // listing's free time: all of it, or nothing when the constraint refuses the booking.
          const jobs = effectJobs(after, 'request-payment', now, turn.databaseNow);
          const { queued } = await repo.insert({
            transaction: row,
            booking: bookingRow,
            transition: transitionRow,
            message: booking.message ? { senderId: booking.customerId, content: booking.message } : null,
            jobs: jobsInsertStatement(jobs),
            ...(freeTimeWrites ? { alongside: freeTimeWrites } : {}),
          });
          assertQueued(jobs, queued);
          // No plan any more, or no longer published (since the checks): the refresh removes the
          // listing's free time; a refresher that reads for itself refreshes after the writes too.
          if (!freeTimeWrites) {
            await freeTime.refresh(tx, [booking.listingId], groups ? known : undefined);
          }
          faultPoint('initiate:before-commit');
        }),
      );
    } catch (error) {
      if (pgErrorCode(error) === EXCLUSION_VIOLATION) {
        throw new AppError('transaction-booking-time-not-available', {
          meta: { listingId: booking.listingId },
        });
      }
      throw error;
    }
    const stored: StoredTransaction = {
      transaction: row,
      booking: { ...bookingRow, seats: bookingRow.seats ?? 1 } as BookingRow,
      transitions: [transitionRow],
    };
    return { transaction: after, paymentExpiresAt, stored };
  }

  /**
   * `enquire` of a new transaction (state `enquiry`): no booking and no price yet (decision 0040),
   * the first message, the transition's notification and the message's, in one database
   * transaction with the idempotency key, so a form sent twice makes one enquiry.
   */
  async function enquire(enquiry: NewEnquiry, claim: IdempotencyClaim): Promise<StoredTransaction> {
    const now = clock.now();
    const initial = createTransaction({
      id: enquiry.id,
      customerId: enquiry.customerId,
      providerId: enquiry.providerId,
      createdAt: now,
    });
    const result = runTransition(initial, 'enquire', 'customer', now, timing);
    if (!result.ok) throw result.error;
    const after = result.transaction;
    const row: TransactionRow = {
      id: enquiry.id,
      listingId: enquiry.listingId,
      customerId: enquiry.customerId,
      providerId: enquiry.providerId,
      processAlias: BOOKING_PROCESS.alias,
      state: after.state,
      lastTransition: 'enquire',
      lastTransitionedAt: now,
      createdAt: now,
      lineItems: [],
      payinTotal: null,
      payoutTotal: null,
      currency: enquiry.currency,
      negotiatedUnitPrice: null,
      transferDestination: null,
      paymentCustomerId: null,
      paymentMethodId: null,
      saveCard: false,
      paymentIntentId: null,
      paymentIntentStatus: null,
      paymentExpiresAt: null,
      nextTimerAt: nextTimerAt(after),
      protectedData: {},
    };
    const transitionRow: TransitionRow = {
      transactionId: enquiry.id,
      position: 1,
      transition: 'enquire',
      by: 'customer',
      createdAt: now,
    };
    await withTransaction(db, async (tx) => {
      const repo = transactionRepository(tx);
      if (!(await repo.claimIdempotencyKey({ ...claim, createdAt: now }))) throw new IdempotencyKeyTaken();
      const jobs = [
        ...effectJobs(after, 'enquire', now, now),
        messageNotifyJob(enquiry.id, enquiry.message.id),
      ];
      const { queued } = await repo.insert({
        transaction: row,
        booking: null,
        transition: transitionRow,
        message: { id: enquiry.message.id, senderId: enquiry.customerId, content: enquiry.message.content },
        jobs: jobsInsertStatement(jobs),
      });
      assertQueued(jobs, queued);
    });
    return { transaction: row, booking: null, transitions: [transitionRow] };
  }

  /**
   * `request-payment-after-enquiry` (issue 12): the enquiry's own transaction moves to pending payment
   * with the line items the service priced, and its booking holds the seats under the same exclusion
   * constraint, listing turn, payment window, timer and notification as a fresh request. Nothing is
   * written when the time is taken (409 `transaction-booking-time-not-available`), the enquiry moved on
   * meanwhile (409 `transaction-invalid-transition`), or the accepted price changed since it was
   * priced (409 `transaction-offer-not-allowed`, reason `price-changed`).
   */
  async function requestAfterEnquiry(
    input: {
      transactionId: string;
      listingId: string;
      start: Date;
      end: Date;
      held: { start: Date; end: Date };
      /** The accepted per-hour price the line items used (null: the listing's price). */
      negotiatedUnitPrice: number | null;
      row: NewBooking['row'];
      /** The checkout's message to the host, added to the conversation. */
      message: string | null;
    },
    claim: IdempotencyClaim,
  ): Promise<void> {
    const now = clock.now();
    const name: TransitionName = 'request-payment-after-enquiry';
    try {
      await retryingDeadlocks(() =>
        withTransaction(db, async (tx) => {
          const repo = transactionRepository(tx);
          const turn = await repo.serialiseListing(input.listingId, claim);
          if (!turn.claimed) throw new IdempotencyKeyTaken();
          const stored = await repo.lock(input.transactionId);
          if (!stored) throw new AppError('not-found', { title: 'Transaction not found' });
          if (stored.transaction.negotiatedUnitPrice !== input.negotiatedUnitPrice) {
            throw new AppError('transaction-offer-not-allowed', {
              meta: { transactionId: input.transactionId, reason: 'price-changed' },
            });
          }
          const before = { ...toDomain(stored), booking: { start: input.start, end: input.end } };
          const result = runTransition(before, name, 'customer', now, timing);
          if (!result.ok) throw result.error;
          const after = result.transaction;
          await repo.insertBooking({
            transactionId: input.transactionId,
            listingId: input.listingId,
            start: input.start,
            end: input.end,
            during: `[${input.held.start.toISOString()},${input.held.end.toISOString()})`,
            seats: 1,
            holdsSeats: holdsSeats(after.state),
          });
          await repo.appendTransition(after.id, after.transitions.length, {
            transition: name,
            by: 'customer',
            createdAt: now,
          });
          await repo.updateRequest(after.id, {
            ...input.row,
            state: after.state,
            lastTransition: name,
            lastTransitionedAt: now,
            paymentExpiresAt: new Date(now.getTime() + timing.paymentWindowMs),
            nextTimerAt: nextTimerAt(after),
          });
          if (input.message) {
            await repo.insertMessage({
              transactionId: after.id,
              senderId: after.customerId,
              content: input.message,
              createdAt: now,
            });
          }
          await freeTime.refresh(tx, [input.listingId]);
          await enqueueEffects(tx, after, name, now);
        }),
      );
    } catch (error) {
      if (pgErrorCode(error) === EXCLUSION_VIOLATION) {
        throw new AppError('transaction-booking-time-not-available', {
          meta: { listingId: input.listingId },
        });
      }
      throw error;
    }
  }

  return { request, enquire, requestAfterEnquiry };
}
