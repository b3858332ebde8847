import type { SeatBooking } from '@hora/core/availability';
import { PROCESS_TIMING, type ProcessTiming, TIME_MS } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import { money } from '@hora/core/money';
import {
  type Actor,
  BOOKING_PROCESS,
  createTransaction,
  holdsSeats,
  pendingTimers,
  transition as runTransition,
  SEAT_HOLDING_STATES,
  type Transaction,
  type TransitionName,
} from '@hora/core/process';
import type { Logger } from 'pino';
import type { ChargesPort, PaymentIntent } from '../../adapters/payments/charges-port.ts';
import type { Clock } from '../../clock.ts';
import { type Executor, withTransaction } from '../../db/executor.ts';
import {
  type EnqueueOptions,
  enqueue,
  enqueueAll,
  type JobToQueue,
  jobsInsertStatement,
} from '../../jobs/enqueue.ts';
import type { FreeTimeRefresher } from '../listings/ports.ts';
import { reviewRepository } from '../reviews/repository.ts';
import {
  messageNotifyJob,
  type NotifyJob,
  PAYMENT_ACTIONS,
  type PaymentAction,
  type PaymentActionJob,
  type TimerJob,
  TRANSACTION_JOBS,
  toDomain,
} from './engine-jobs.ts';
import { faultPoint } from './faults.ts';
import {
  type BookingInsert,
  type BookingRow,
  DEADLOCK_DETECTED,
  EXCLUSION_VIOLATION,
  type IdempotencyClaim,
  LOCK_NOT_AVAILABLE,
  pgErrorCode,
  type StoredTransaction,
  type TransactionInsert,
  type TransactionRow,
  type TransitionRow,
  transactionRepository,
} from './repository.ts';

/** `request`'s idempotency key was taken by another request (which committed first): answer as it did. */
export class IdempotencyKeyTaken extends Error {}

export {
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

/**
 * Days from now the request reads the listing's bookings for the free time's refresh: more than the
 * refresher's span (a day back, 100 days on), which reads them itself when they do not cover it.
 */
const FREE_TIME_READ_DAYS = 120;

export interface EngineDeps {
  db: Executor;
  clock: Clock;
  /** Absent where only decisions are taken (the operator's commands): the worker's jobs move the money. */
  charges?: ChargesPort;
  freeTime: FreeTimeRefresher;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  timing?: ProcessTiming;
}

/**
 * Runs a database transaction again when PostgreSQL broke a deadlock by aborting it: simultaneous
 * inserts into the bookings' exclusion index can wait on each other, and the one aborted has written
 * nothing, so running it again is safe (it then meets the other's committed booking, or succeeds).
 */
async function retryingDeadlocks<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || pgErrorCode(error) !== DEADLOCK_DETECTED) throw error;
    }
  }
}

/**
 * The price and payee of a transaction that was asked to be paid. Only an enquiry has none (the
 * database's `transactions_priced_check` holds every other state to it), and no payment step runs
 * for an enquiry: finding none here is a broken invariant, not a user's mistake.
 */
function priceOf(row: TransactionRow): {
  payinTotal: number;
  payoutTotal: number;
  transferDestination: string;
} {
  const { payinTotal, payoutTotal, transferDestination } = row;
  if (payinTotal === null || payoutTotal === null || transferDestination === null) {
    throw new Error(`Transaction ${row.id} (${row.state}) has no price to charge or pay out`);
  }
  return { payinTotal, payoutTotal, transferDestination };
}

/** A queue that was never declared is a failure, not a loss: the transition would lose its effect. */
function assertQueued(jobs: readonly JobToQueue[], queued: number) {
  if (queued !== jobs.length) {
    const names = [...new Set(jobs.map((job) => job.name))].join(', ');
    throw new Error(`Job queues ${names} are not all declared: the transition would lose its effect`);
  }
}

/** Queues a job in the caller's transaction; a queue that was never declared is a failure, not a loss. */
async function mustEnqueue(executor: Executor, name: string, data: object, options: EnqueueOptions = {}) {
  const id = await enqueue(executor, name, data, options);
  if (id === null) throw new Error(`Job queue ${name} is not declared: the transition would lose its effect`);
}

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
  const { db, clock, freeTime, logger } = deps;
  const payments = (): ChargesPort => {
    if (!deps.charges) throw new Error('This process has no payments provider: the worker acts on payments');
    return deps.charges;
  };
  const timing = deps.timing ?? PROCESS_TIMING;
  const repository = transactionRepository(db);

  /**
   * Every effect of the transaction's new state, queued in the transaction that decided it: the
   * payment action, the new state's timers, the notification. They exist if and only if it commits.
   */
  function effectJobs(after: Transaction, name: TransitionName, now: Date, databaseNow: Date): JobToQueue[] {
    const jobs: JobToQueue[] = [];
    const action = PAYMENT_ACTIONS[name];
    if (action) {
      jobs.push({
        name: TRANSACTION_JOBS.paymentAction,
        data: { transactionId: after.id, transition: name, action } satisfies PaymentActionJob,
      });
    }
    // The delay from now on the database's clock, which pg-boss reads (a test clock's move shifts
    // waiting jobs alike, so a timer armed after a move still runs when the app's clock says).
    for (const timer of pendingTimers(after, timing)) {
      jobs.push({
        name: TRANSACTION_JOBS.timer,
        data: { transactionId: after.id, transition: timer.transition } satisfies TimerJob,
        startAfter: new Date(databaseNow.getTime() + Math.max(0, timer.dueAt.getTime() - now.getTime())),
      });
    }
    jobs.push({
      name: TRANSACTION_JOBS.notify,
      data: { transactionId: after.id, transition: name } satisfies NotifyJob,
    });
    return jobs;
  }

  /**
   * Every effect of the transaction's new state, queued in the transaction that decided it: the
   * payment action, the new state's timers, the notification. They exist if and only if it commits.
   * One statement for all of them (decision 0036).
   */
  async function enqueueEffects(executor: Executor, after: Transaction, name: TransitionName, now: Date) {
    const databaseNow =
      pendingTimers(after, timing).length > 0 ? await transactionRepository(executor).databaseNow() : now;
    const jobs = effectJobs(after, name, now, databaseNow);
    assertQueued(jobs, await enqueueAll(executor, jobs));
  }

  function nextTimerAt(after: Transaction): Date | null {
    const due = pendingTimers(after, timing).map((t) => t.dueAt.getTime());
    return due.length === 0 ? null : new Date(Math.min(...due));
  }

  /** The listing's free time again, serialised per listing so two bookings' refreshes cannot cross. */
  async function refreshFreeTime(executor: Executor, listingId: string) {
    await transactionRepository(executor).serialiseListing(listingId);
    await freeTime.refresh(executor, [listingId]);
  }

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

  /** What a new transaction is made of (the service validated and priced it). */
  interface NewBooking {
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

  /** What a new enquiry is made of (the service checked the listing and the message). */
  interface NewEnquiry {
    id: string;
    listingId: string;
    customerId: string;
    providerId: string;
    currency: string;
    message: { id: string; content: string };
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

  /**
   * The transaction's payment intent: the stored one, or created (or, after a crash between the
   * provider's answer and our write, found again) with the idempotency key
   * `${transactionId}:request-payment` and the parameters stored at the request, so a replay is
   * answered with the same intent and never a second one. With `record: false` the caller stores
   * the new intent (a crash before it does is the same as one right after the provider answered).
   */
  async function ensureIntent(
    stored: StoredTransaction,
    options: { record?: boolean } = {},
  ): Promise<PaymentIntent> {
    const row = stored.transaction;
    if (row.paymentIntentId) return payments().retrievePaymentIntent(row.paymentIntentId);
    const price = priceOf(row);
    const intent = await payments().createPaymentIntent({
      idempotencyKey: `${row.id}:request-payment`,
      amount: money(price.payinTotal, row.currency),
      applicationFee: money(price.payinTotal - price.payoutTotal, row.currency),
      transferDestination: price.transferDestination,
      customerId: row.paymentCustomerId,
      paymentMethodId: row.paymentMethodId,
      saveCard: row.saveCard,
      metadata: { transactionId: row.id },
    });
    faultPoint('initiate:after-intent');
    // `record: false`: the caller stores it with its own write (the request's answer, decision 0036).
    if (options.record !== false) await repository.setIntent(row.id, intent.id, intent.status);
    return intent;
  }

  /**
   * A timer fell due (or the reconciler found it overdue): runs the transition as the system if the
   * transaction is still where the timer was set. A timer whose transition is no longer possible
   * does nothing; one that runs early (clocks of two machines) is queued again for the rest.
   */
  async function runTimer(job: TimerJob): Promise<'ran' | 'skipped' | 'rescheduled'> {
    try {
      await decide({ transactionId: job.transactionId, transition: job.transition, actor: 'system' });
      logger.info({ transactionId: job.transactionId, transition: job.transition }, 'timer transition ran');
      return 'ran';
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'transaction-invalid-transition') {
        if (error instanceof AppError && error.code === 'not-found') return 'skipped';
        throw error;
      }
      if ((error.meta as { reason?: string }).reason !== 'not-due') return 'skipped';
      const stored = await repository.find(job.transactionId);
      const due =
        stored && pendingTimers(toDomain(stored), timing).find((t) => t.transition === job.transition);
      if (!due) return 'skipped';
      const delay = Math.max(1000, due.dueAt.getTime() - clock.now().getTime());
      const databaseNow = await repository.databaseNow();
      await mustEnqueue(db, TRANSACTION_JOBS.timer, job, {
        startAfter: new Date(databaseNow.getTime() + delay),
      });
      return 'rescheduled';
    }
  }

  /**
   * Moves the money a transition calls for, once: the outcome is recorded per (transaction,
   * transition, action) and checked first; the provider call carries the idempotency key
   * `${transactionId}:${transition}:${action}`, so a run repeated after a crash between the call and
   * the record is answered with the first result.
   */
  async function act(job: PaymentActionJob): Promise<string> {
    const charges = payments();
    const done = await repository.payment(job.transactionId, job.transition, job.action);
    if (done) return done.outcome;
    const stored = await repository.find(job.transactionId);
    if (!stored) return 'missing';
    const row = stored.transaction;
    const key = `${row.id}:${job.transition}:${job.action}`;
    const record = async (outcome: string, providerObjectId: string | null, amount: number) => {
      await repository.recordPayment({
        transactionId: row.id,
        transition: job.transition,
        action: job.action,
        providerObjectId,
        amount,
        currency: row.currency,
        outcome,
        createdAt: clock.now(),
      });
      logger.info(
        { transactionId: row.id, transition: job.transition, action: job.action, outcome },
        'payment action',
      );
      return outcome;
    };

    if (job.action === 'transfer') {
      const price = priceOf(row);
      // A destination charge paid the host's account at capture, minus our fee.
      if (price.transferDestination && stored.transitions.some((t) => t.transition === 'accept')) {
        const capture = await repository.payment(row.id, 'accept', 'capture');
        if (capture?.outcome !== 'captured') throw new Error('Payout before the capture was recorded');
        return record('routed-at-capture', price.transferDestination, price.payoutTotal);
      }
      const transfer = await charges.createTransfer({
        idempotencyKey: key,
        amount: money(price.payoutTotal, row.currency),
        destination: price.transferDestination,
        metadata: { transactionId: row.id },
      });
      return record('transferred', transfer.id, price.payoutTotal);
    }

    // Releases and refunds also cover an intent created but never stored (a crash right after the
    // provider answered): the same idempotency key finds it again.
    if (!row.paymentIntentId && job.action !== 'capture') {
      if (row.state === 'pending-payment') throw new Error('Payment release before the transition committed');
      const intent = await ensureIntent(stored);
      stored.transaction = { ...row, paymentIntentId: intent.id };
    }
    const intentId = stored.transaction.paymentIntentId;
    if (!intentId) throw new Error(`Transaction ${row.id} has no payment intent to ${job.action}`);
    const intent = await charges.retrievePaymentIntent(intentId);

    if (job.action === 'capture') {
      if (intent.status === 'succeeded') return record('captured', intent.id, intent.amountReceived);
      if (intent.status !== 'requires_capture') {
        await repository.setIntentStatus(row.id, intent.status);
        logger.error(
          { transactionId: row.id, status: intent.status },
          'capture impossible: intent not authorised',
        );
        return record(`capture-failed:${intent.status}`, intent.id, 0);
      }
      const captured = await charges.capturePaymentIntent(intent.id, { idempotencyKey: key });
      await repository.setIntentStatus(row.id, captured.status);
      return record('captured', captured.id, captured.amountReceived);
    }

    // cancel and refund: whatever the intent's state, the customer ends without the money.
    if (intent.status === 'canceled') {
      await repository.setIntentStatus(row.id, intent.status);
      return record('canceled', intent.id, 0);
    }
    if (intent.status === 'succeeded') {
      const refund = await charges.refundPaymentIntent(intent.id, { idempotencyKey: `${key}:refund` });
      await repository.setIntentStatus(row.id, 'refunded');
      return record('refunded', refund.id, refund.amount.amount);
    }
    const canceled = await charges.cancelPaymentIntent(intent.id, { idempotencyKey: `${key}:cancel` });
    await repository.setIntentStatus(row.id, canceled.status);
    return record('canceled', canceled.id, intent.amountCapturable);
  }

  /**
   * Drives what a crash, a lost job or a late webhook left behind to a consistent end, and logs each
   * repair: timers overdue by more than `graceMs` (a lost expire-payment timer frees the slot),
   * payment actions without an outcome (a release or refund that never ran), and a booking holding
   * seats though its transaction's state does not.
   */
  async function reconcile(options: { graceMs?: number; limit?: number } = {}) {
    const graceMs = options.graceMs ?? 60_000;
    const limit = options.limit ?? 200;
    const now = clock.now();
    const report = { timers: 0, payments: 0, holds: 0, failed: 0 };

    for (const id of await repository.overdueTimers(new Date(now.getTime() - graceMs), limit)) {
      try {
        const stored = await repository.find(id);
        const timer = stored && pendingTimers(toDomain(stored), timing).find((t) => t.dueAt <= now);
        if (!timer) continue;
        if ((await runTimer({ transactionId: id, transition: timer.transition })) === 'ran') {
          report.timers += 1;
          logger.warn({ transactionId: id, transition: timer.transition }, 'reconciler ran an overdue timer');
        }
      } catch (error) {
        // One transaction's failure must not stop the others' repair; the next run tries again.
        report.failed += 1;
        logger.error({ transactionId: id, err: error }, 'reconciler could not run an overdue timer');
      }
    }

    const withActions = Object.keys(PAYMENT_ACTIONS) as TransitionName[];
    for (const unsettled of await repository.unsettledPayments(
      withActions,
      new Date(now.getTime() - graceMs),
      limit,
    )) {
      const action = PAYMENT_ACTIONS[unsettled.transition] as PaymentAction;
      await mustEnqueue(db, TRANSACTION_JOBS.paymentAction, {
        transactionId: unsettled.id,
        transition: unsettled.transition,
        action,
      } satisfies PaymentActionJob);
      report.payments += 1;
      logger.warn(
        { transactionId: unsettled.id, transition: unsettled.transition, action },
        'reconciler queued a payment action again',
      );
    }

    for (const id of await repository.strayHolds(SEAT_HOLDING_STATES)) {
      await withTransaction(db, async (tx) => {
        const stored = await transactionRepository(tx).lock(id);
        if (!stored?.booking || holdsSeats(stored.transaction.state)) return;
        await transactionRepository(tx).setHoldsSeats(id, false);
        await refreshFreeTime(tx, stored.booking.listingId);
      });
      report.holds += 1;
      logger.warn({ transactionId: id }, 'reconciler released a stray seat hold');
    }
    logger.info(report, 'transactions reconciled');
    return report;
  }

  return {
    decide,
    request,
    requestAfterEnquiry,
    enquire,
    ensureIntent,
    runTimer,
    act,
    reconcile,
    repository,
  };
}

export type TransactionEngine = ReturnType<typeof transactionEngine>;
