/**
 * A fresh booking request: its writes in one statement with no transaction around it (decision
 * 0060), the listing's search free time refreshed by a job after it (decision 0065).
 */
import { AppError } from '@hora/core/errors';
import {
  BOOKING_PROCESS,
  createTransaction,
  holdsSeats,
  transition as runTransition,
  type Transaction,
} from '@hora/core/process';
import { jobsInsertStatement } from '../../jobs/enqueue.ts';
import { assertQueued, type EngineContext, retryingDeadlocks } from './engine-context.ts';
import { TRANSACTION_JOBS } from './engine-jobs.ts';
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

/** `hora_key_gate`'s refusal (migration 0028): another request took the Idempotency-Key. */
const GATE_KEY_TAKEN = 'HRK01';

/** The database's clock as the request's context read saw it, and the app's clock then. */
export interface ReadClock {
  databaseNow: Date;
  readAt: Date;
}

/**
 * The `transactions.free-time` job of a listing, as a CTE of the booking's statement: queued with
 * the booking, or not at all. While one waits for the listing, none is queued (the queue's `short`
 * policy, keyed by the listing): the one waiting refreshes for every booking since (decision 0065).
 */
function freeTimeJob(listingId: string) {
  const statement = jobsInsertStatement([
    { name: TRANSACTION_JOBS.freeTime, data: { listingId }, singletonKey: listingId },
  ]);
  return { text: `free_time_job as (${statement.text})`, values: statement.values };
}

/** A fresh booking request's writes (`request`). */
export function bookingRequests(context: EngineContext) {
  const { db, clock, timing, effectJobs, nextTimerAt } = context;

  /**
   * `request-payment` of a new transaction, in one statement with no transaction around it
   * (decision 0060): the listing's turn (requests for one listing take turns from here to their
   * commit, so a losing request meets the winner's committed booking and fails at once with 23P01;
   * left to the exclusion index alone, fifty waiting inserts see each other's uncommitted entries and
   * deadlock in turn), the Idempotency-Key's claim and its gate (a retry running at the same time
   * finds the key taken and answers as the first did), then the transaction, its first transition,
   * the booking that holds the seats, the checkout message, the expire-payment timer, the
   * notification and the listing's free-time job. The exclusion constraint has the last word: when
   * another booking holds any of the range, nothing at all is written and the answer is 409
   * `transaction-booking-time-not-available`. With `respond`, the request's answer, made from what
   * is about to be written, is kept with the key (decision 0064): nothing follows the statement.
   */
  async function request(
    booking: NewBooking,
    givenClaim: IdempotencyClaim,
    read: ReadClock,
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
    const stored: StoredTransaction = {
      transaction: row,
      booking: { ...bookingRow, seats: bookingRow.seats ?? 1 } as BookingRow,
      transitions: [transitionRow],
    };
    // The answer made before the writes is kept with the key they claim (decision 0064).
    const claim = respond ? { ...givenClaim, response: await respond(stored) } : givenClaim;
    // The database's clock for the timers: as the context read saw it, moved on by the app's since.
    const databaseNow = new Date(read.databaseNow.getTime() + (now.getTime() - read.readAt.getTime()));
    const jobs = effectJobs(after, 'request-payment', now, databaseNow);
    faultPoint('initiate:before-commit');
    try {
      const { queued } = await retryingDeadlocks(() =>
        transactionRepository(db).insert({
          transaction: row,
          booking: bookingRow,
          transition: transitionRow,
          message: booking.message ? { senderId: booking.customerId, content: booking.message } : null,
          jobs: jobsInsertStatement(jobs),
          alongside: freeTimeJob(booking.listingId),
          gate: { listingId: booking.listingId, claim, expectedJobs: jobs.length },
        }),
      );
      assertQueued(jobs, queued);
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === GATE_KEY_TAKEN) throw new IdempotencyKeyTaken();
      if (code === EXCLUSION_VIOLATION) {
        throw new AppError('transaction-booking-time-not-available', {
          meta: { listingId: booking.listingId },
        });
      }
      throw error;
    }
    return { transaction: after, paymentExpiresAt, stored };
  }

  return { request };
}
