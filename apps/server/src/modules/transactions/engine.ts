/**
 * The booking engine (docs/decisions/0032): the transition of an existing transaction, decided in
 * one database transaction, and the engine assembled from its parts.
 */
import { AppError } from '@hora/core/errors';
import {
  type Actor,
  holdsSeats,
  transition as runTransition,
  type Transaction,
  type TransitionName,
} from '@hora/core/process';
import { type Executor, withTransaction } from '../../db/executor.ts';
import { reviewRepository } from '../reviews/repository.ts';
import { bookingRequests } from './engine-booking-request.ts';
import { type EngineDeps, engineContext, retryingDeadlocks } from './engine-context.ts';
import { toDomain } from './engine-jobs.ts';
import { paymentActions } from './engine-payments.ts';
import { timersAndRepair } from './engine-repair.ts';
import { transactionRequests } from './engine-requests.ts';
import { faultPoint } from './faults.ts';
import {
  LOCK_NOT_AVAILABLE,
  pgErrorCode,
  type StoredTransaction,
  transactionRepository,
} from './repository.ts';

export type { EngineDeps } from './engine-context.ts';
export {
  type FreeTimeJob,
  type MessageNotifyJob,
  messageNotifyJob,
  type NotifyJob,
  PAYMENT_ACTIONS,
  type PaymentAction,
  type PaymentActionJob,
  type TimerJob,
  TRANSACTION_JOBS,
  toDomain,
} from './engine-jobs.ts';
export { IdempotencyKeyTaken } from './engine-requests.ts';

export interface DecideInput {
  transactionId: string;
  transition: TransitionName | string;
  actor: Actor;
  /** HTTP transitions: fail at once with `transaction-transition-in-progress` when another holds the row. */
  noWait?: boolean;
  /** Runs inside the decide transaction once the transition is allowed (idempotency keys, checks). */
  within?: (executor: Executor, before: StoredTransaction) => Promise<void>;
}

/**
 * The booking engine (docs/decisions/0032): decide in one database transaction, act in idempotent
 * jobs, reconcile periodically.
 */
export function transactionEngine(deps: EngineDeps) {
  const context = engineContext(deps);
  const { db, clock, timing, repository, nextTimerAt, refreshFreeTime, enqueueEffects } = context;

  /**
   * Runs one transition of an existing transaction: lock, ask core, record, update the seats and
   * the search's free time, queue the effects — all or nothing.
   */
  async function decide(input: DecideInput): Promise<Transaction> {
    const now = clock.now();
    try {
      return await retryingDeadlocks(() =>
        withTransaction(db, async (tx) => {
          const repo = transactionRepository(tx);
          const stored = await repo.lock(input.transactionId, { noWait: input.noWait ?? false });
          if (!stored) throw new AppError('not-found', { title: 'Transaction not found' });
          const before = toDomain(stored);
          const result = runTransition(before, input.transition, input.actor, now, timing);
          if (!result.ok) throw result.error;
          const after = result.transaction;
          const name = input.transition as TransitionName;
          if (input.within) await input.within(tx, stored);
          faultPoint('transition:before-record');
          await repo.appendTransition(after.id, after.transitions.length, {
            transition: name,
            by: input.actor,
            createdAt: now,
          });
          await repo.updateState(after.id, {
            state: after.state,
            lastTransition: name,
            lastTransitionedAt: now,
            nextTimerAt: nextTimerAt(after),
            paymentExpiresAt: after.state === 'pending-payment' ? stored.transaction.paymentExpiresAt : null,
          });
          // Both reviews are in (review-2) or the period is over (the expire timers): publish.
          if (after.state === 'reviewed') await reviewRepository(tx).publishTransaction(after.id);
          if (stored.booking && holdsSeats(after.state) !== stored.booking.holdsSeats) {
            await repo.setHoldsSeats(after.id, holdsSeats(after.state));
            await refreshFreeTime(tx, stored.booking.listingId);
          }
          await enqueueEffects(tx, after, name, now);
          return after;
        }),
      );
    } catch (error) {
      if (pgErrorCode(error) === LOCK_NOT_AVAILABLE) {
        throw new AppError('transaction-transition-in-progress', {
          meta: { transactionId: input.transactionId, transition: input.transition },
        });
      }
      throw error;
    }
  }

  const { request } = bookingRequests(context);

  /** The `transactions.free-time` job: the listing's search free time again, in its turn. */
  async function refreshListingFreeTime(listingId: string): Promise<void> {
    await withTransaction(db, (tx) => refreshFreeTime(tx, listingId));
  }

  const { enquire, requestAfterEnquiry } = transactionRequests(context);
  const { createIntent, ensureIntent, discardIntent, act } = paymentActions(context);
  const { runTimer, reconcile } = timersAndRepair(context, decide);

  return {
    decide,
    request,
    refreshListingFreeTime,
    requestAfterEnquiry,
    enquire,
    createIntent,
    ensureIntent,
    discardIntent,
    runTimer,
    act,
    reconcile,
    repository,
  };
}

export type TransactionEngine = ReturnType<typeof transactionEngine>;
