/**
 * What runs without a person: a timer's transition when it falls due, and the reconciler that
 * repairs what a crash, a lost job or a late webhook left behind.
 */
import { AppError } from '@hora/core/errors';
import {
  holdsSeats,
  pendingTimers,
  SEAT_HOLDING_STATES,
  type Transaction,
  type TransitionName,
} from '@hora/core/process';
import { withTransaction } from '../../db/executor.ts';
import type { DecideInput } from './engine.ts';
import { type EngineContext, mustEnqueue } from './engine-context.ts';
import {
  PAYMENT_ACTIONS,
  type PaymentAction,
  type PaymentActionJob,
  type TimerJob,
  TRANSACTION_JOBS,
  toDomain,
} from './engine-jobs.ts';
import { transactionRepository } from './repository.ts';

export function timersAndRepair(
  context: EngineContext,
  decide: (input: DecideInput) => Promise<Transaction>,
) {
  const { db, clock, logger, timing, repository, refreshFreeTime } = context;

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

  return { runTimer, reconcile };
}
