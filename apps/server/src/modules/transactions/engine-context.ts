/**
 * What the engine's parts share, built once per engine (never per request): its dependencies, the
 * effects every transition queues in the database transaction that decides it, and the guards of
 * those database transactions (deadlock retries, declared queues).
 */
import { PROCESS_TIMING, type ProcessTiming } from '@hora/core/config';
import { pendingTimers, type Transaction, type TransitionName } from '@hora/core/process';
import type { Logger } from 'pino';
import type { ChargesPort } from '../../adapters/payments/charges-port.ts';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/executor.ts';
import { type EnqueueOptions, enqueue, enqueueAll, type JobToQueue } from '../../jobs/enqueue.ts';
import type { FreeTimeRefresher } from '../listings/ports.ts';
import {
  type NotifyJob,
  PAYMENT_ACTIONS,
  type PaymentActionJob,
  type TimerJob,
  TRANSACTION_JOBS,
} from './engine-jobs.ts';
import { DEADLOCK_DETECTED, pgErrorCode, transactionRepository } from './repository.ts';

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
export async function retryingDeadlocks<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || pgErrorCode(error) !== DEADLOCK_DETECTED) throw error;
    }
  }
}

/** A queue that was never declared is a failure, not a loss: the transition would lose its effect. */
export function assertQueued(jobs: readonly JobToQueue[], queued: number) {
  if (queued !== jobs.length) {
    const names = [...new Set(jobs.map((job) => job.name))].join(', ');
    throw new Error(`Job queues ${names} are not all declared: the transition would lose its effect`);
  }
}

/** Queues a job in the caller's transaction; a queue that was never declared is a failure, not a loss. */
export async function mustEnqueue(
  executor: Executor,
  name: string,
  data: object,
  options: EnqueueOptions = {},
) {
  const id = await enqueue(executor, name, data, options);
  if (id === null) throw new Error(`Job queue ${name} is not declared: the transition would lose its effect`);
}

/** The engine's dependencies as its parts use them, and the effects every transition queues. */
export type EngineContext = ReturnType<typeof engineContext>;

export function engineContext(deps: EngineDeps) {
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

  return {
    db,
    clock,
    freeTime,
    logger,
    payments,
    timing,
    repository,
    effectJobs,
    enqueueEffects,
    nextTimerAt,
    refreshFreeTime,
  };
}
