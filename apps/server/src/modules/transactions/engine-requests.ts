/**
 * How a transaction begins without a fresh booking (engine-booking-request.ts has that): an enquiry,
 * and the booking request that continues an enquiry. Each writes the new transaction, its booking
 * where it has one and its effects in one database transaction under its idempotency key.
 */
import { AppError } from '@hora/core/errors';
import {
  BOOKING_PROCESS,
  createTransaction,
  holdsSeats,
  transition as runTransition,
  type TransitionName,
} from '@hora/core/process';
import { withTransaction } from '../../db/executor.ts';
import { jobsInsertStatement } from '../../jobs/enqueue.ts';
import { assertQueued, type EngineContext, retryingDeadlocks } from './engine-context.ts';
import { messageNotifyJob, toDomain } from './engine-jobs.ts';
import {
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

  return { enquire, requestAfterEnquiry };
}
