/**
 * A fresh booking request: its writes in one statement when nothing changed since its context read
 * (decision 0060), the long way otherwise (decisions 0036, 0052).
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
} from '@hora/core/process';
import { withTransaction } from '../../db/executor.ts';
import { jobsInsertStatement } from '../../jobs/enqueue.ts';
import type { FreeTimeInputs, FreeTimeReading } from './booking-request-repository.ts';
import { assertQueued, type EngineContext, retryingDeadlocks } from './engine-context.ts';
import { IdempotencyKeyTaken, type NewBooking } from './engine-requests.ts';
import { faultPoint } from './faults.ts';
import {
  type BookingInsert,
  type BookingRow,
  EXCLUSION_VIOLATION,
  type IdempotencyClaim,
  pgErrorCode,
  type StoredTransaction,
  type TransactionRow,
  type TransitionRow,
  transactionRepository,
} from './repository.ts';

/**
 * Days from now the request reads the listing's bookings for the free time's refresh: more than the
 * refresher's span (a day back, 100 days on), which reads them itself when they do not cover it.
 */
const FREE_TIME_READ_DAYS = 120;

/** The range of the listing's bookings a request at `now` reads for its free time. */
function heldAround(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(now.getTime() - 2 * TIME_MS.day),
    end: new Date(now.getTime() + FREE_TIME_READ_DAYS * TIME_MS.day),
  };
}

/** `hora_booking_gate`'s refusals (migration 0024): the key was taken; the free time's inputs changed. */
const GATE_KEY_TAKEN = 'HRK01';
const GATE_INPUTS_CHANGED = 'HRS01';

/**
 * What a booking request's context read found for the listing's free time (decision 0060): what it
 * asked for, what it found, and the app's clock when it asked.
 */
export interface ReadFreeTime {
  reading: FreeTimeReading;
  inputs: FreeTimeInputs;
  readAt: Date;
}

/** A fresh booking request's writes (`request`) and what its context read asks for (`freeTimeReading`). */
export function bookingRequests(context: EngineContext) {
  const { db, clock, freeTime, timing, effectJobs, nextTimerAt } = context;

  /** The free time's inputs a booking request reads at `now` (its context read, or its turn). */
  function freeTimeReading(listingId: string, now: Date): FreeTimeReading | undefined {
    const from = new Date(now.getTime() - TIME_MS.day);
    const groups = freeTime.groupsStatement?.(from, [listingId]);
    return groups && { from, held: heldAround(now), groups };
  }

  /**
   * The booking's writes as one statement with no transaction around it (decision 0060): the
   * listing's turn, the key's claim and the gate, then all the long way's writes statement writes,
   * the free time computed from what the request's context read (`read`). False when that free time
   * cannot be computed from it, or the gate found the listing's bookings, exceptions or row changed
   * since the read: nothing was written, and the caller books the long way. A time taken since
   * fails it with 23P01, as the exclusion constraint would.
   */
  async function requestInOneStatement(
    writes: Omit<
      Parameters<ReturnType<typeof transactionRepository>['insert']>[0],
      'jobs' | 'alongside' | 'gate'
    > & {
      transaction: TransactionRow;
      booking: BookingInsert;
    },
    after: Transaction,
    own: SeatBooking,
    claim: IdempotencyClaim,
    read: ReadFreeTime,
  ): Promise<boolean> {
    const { listingId } = writes.booking;
    const alongside = freeTime.writes?.([listingId], {
      range: read.reading.held,
      bookings: new Map([[listingId, [...read.inputs.held, own]]]),
      groups: read.inputs.groups,
    });
    if (!alongside) return false;
    const now = writes.transaction.createdAt;
    // The database's clock for the timers: as the context read saw it, moved on by the app's since.
    const databaseNow = new Date(read.inputs.databaseNow.getTime() + (now.getTime() - read.readAt.getTime()));
    const jobs = effectJobs(after, 'request-payment', now, databaseNow);
    faultPoint('initiate:before-commit');
    try {
      const { queued } = await retryingDeadlocks(() =>
        transactionRepository(db).insert({
          ...writes,
          jobs: jobsInsertStatement(jobs),
          alongside,
          gate: {
            listingId,
            claim,
            from: read.reading.from,
            held: read.reading.held,
            stamp: read.inputs.stamp,
            expectedJobs: jobs.length,
          },
        }),
      );
      assertQueued(jobs, queued);
      return true;
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === GATE_KEY_TAKEN) throw new IdempotencyKeyTaken();
      if (code === GATE_INPUTS_CHANGED) return false;
      throw error;
    }
  }

  /**
   * `request-payment` of a new transaction: the transaction, its first transition, the booking that
   * holds the seats and the checkout message, in one database transaction with the expire-payment
   * timer and the notification. The exclusion constraint has the last word: when another booking
   * holds any of the range, nothing at all is written and the answer is 409
   * `transaction-booking-time-not-available`. With the key's `claim` and what the request's context
   * read for the free time (`read`), one statement does it all (decision 0060); when the listing
   * changed since that read, the long way: `begin`, the turn, the writes, `commit`. With `respond`,
   * the request's answer, made from what is about to be written, is kept with the key the writes
   * claim (decision 0064): nothing follows them.
   */
  async function request(
    booking: NewBooking,
    givenClaim?: IdempotencyClaim,
    read?: ReadFreeTime,
    respond?: (stored: StoredTransaction) => Promise<NonNullable<IdempotencyClaim['response']>>,
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
    const own: SeatBooking = { start: booking.held.start, end: booking.held.end, state: 'accepted' };
    const stored: StoredTransaction = {
      transaction: row,
      booking: { ...bookingRow, seats: bookingRow.seats ?? 1 } as BookingRow,
      transitions: [transitionRow],
    };
    // The answer made before the writes is kept with the key they claim (decision 0064).
    const claim = givenClaim && respond ? { ...givenClaim, response: await respond(stored) } : givenClaim;
    const writes = {
      transaction: row,
      booking: bookingRow,
      transition: transitionRow,
      message: booking.message ? { senderId: booking.customerId, content: booking.message } : null,
    };
    try {
      const written =
        claim !== undefined &&
        read !== undefined &&
        (await requestInOneStatement(writes, after, own, claim, read));
      if (!written) {
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
            const reading = freeTimeReading(booking.listingId, now);
            const turn = await repo.serialiseListing(booking.listingId, claim, reading);
            if (!turn.claimed) throw new IdempotencyKeyTaken();
            // The free time with this booking, computed here and written by the statement below: the
            // turn holds three statements, the turn, the writes and the commit.
            const known = {
              range: reading?.held ?? heldAround(now),
              bookings: new Map([[booking.listingId, [...turn.held, own]]]),
              ...(reading ? { groups: turn.groups } : {}),
            };
            const freeTimeWrites = reading ? (freeTime.writes?.([booking.listingId], known) ?? null) : null;
            // Then everything the request writes, the effects' jobs included, in one statement
            // (decision 0036): the transaction, its first transition, the booking (where the exclusion
            // constraint decides), the message, the expire-payment timer and the notification, and the
            // listing's free time: all of it, or nothing when the constraint refuses the booking.
            const jobs = effectJobs(after, 'request-payment', now, turn.databaseNow);
            const { queued } = await repo.insert({
              ...writes,
              jobs: jobsInsertStatement(jobs),
              ...(freeTimeWrites ? { alongside: freeTimeWrites } : {}),
            });
            assertQueued(jobs, queued);
            // No plan any more, or no longer published (since the checks): the refresh removes the
            // listing's free time; a refresher that reads for itself refreshes after the writes too.
            if (!freeTimeWrites) {
              await freeTime.refresh(tx, [booking.listingId], reading ? known : undefined);
            }
            faultPoint('initiate:before-commit');
          }),
        );
      }
    } catch (error) {
      if (pgErrorCode(error) === EXCLUSION_VIOLATION) {
        throw new AppError('transaction-booking-time-not-available', {
          meta: { listingId: booking.listingId },
        });
      }
      throw error;
    }
    return { transaction: after, paymentExpiresAt, stored };
  }

  return { request, freeTimeReading };
}
