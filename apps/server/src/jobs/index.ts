import type { Logger } from 'pino';
import type { EmailTransport } from '../adapters/email/index.ts';
import type { ChargesPort } from '../adapters/payments/charges-port.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { createEmailDispatcher } from '../modules/email/index.ts';
import { freeTimeRefresher } from '../modules/search/free-time.ts';
import { seatBookingsReader, transactionEngine, transactionJobs } from '../modules/transactions/index.ts';
import { captchaRedemptionsJob } from './captcha-redemptions.ts';
import type { JobDefinition } from './definition.ts';
import { emailDeliveryJob } from './email-delivery.ts';
import { emailSweepJob } from './email-sweep.ts';
import { searchFreeTimeJob } from './search-free-time.ts';

/**
 * Background jobs on pg-boss. Usage:
 *
 *   // inside the transaction of the change the job follows from:
 *   await enqueue(tx, 'email.deliver', { emailId }, { singletonKey: emailId });
 *   // serve.ts: declare the queues and run the jobs; stop before closing the pool:
 *   const jobs = await startJobRunner({ pool, jobs: appJobs({ … }), logger, work: true });
 *   await jobs.stop({ timeoutMs: 8_000 });
 *
 * A new job is a file here returning a `JobDefinition` (read its rule on idempotency), added below.
 */
export { deadLetterQueue, type JobDefinition, type RunningJob } from './definition.ts';
export {
  type EnqueueOptions,
  enqueue,
  enqueueAll,
  enqueueMany,
  type JobToQueue,
  jobsInsertSql,
} from './enqueue.ts';
export type { JobExecutor } from './executor.ts';
export { type JobRunner, type JobRunnerOptions, startJobRunner } from './runner.ts';
export { JOBS_SCHEMA } from './schema.ts';

export interface AppJobDependencies {
  db: Database;
  /** The app's clock, the one its HTTP side reads. */
  clock: Clock;
  /** `undefined` (no SMTP): emails are kept for the dev mailbox instead of sent. */
  emailTransport: EmailTransport | undefined;
  emailFrom: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /**
   * The booking engine's jobs run when card payments are configured (the payments module's charges
   * port) together with the handler of `transactions.notify` (the notifications module's): the
   * engine refuses to queue a transition's effects on a queue no process declared.
   */
  transactions?: { charges: ChargesPort; notifications: JobDefinition; reviewReminders?: JobDefinition };
}

/** Every job the app runs. */
export function appJobs(deps: AppJobDependencies): JobDefinition[] {
  const dispatcher = createEmailDispatcher({
    db: deps.db,
    transport: deps.emailTransport,
    from: deps.emailFrom,
    logger: deps.logger,
  });
  return [
    emailDeliveryJob(dispatcher),
    emailSweepJob(deps.db),
    captchaRedemptionsJob(deps.db, deps.clock),
    searchFreeTimeJob(deps.db, deps.clock),
    ...(deps.transactions ? bookingJobs(deps, deps.transactions) : []),
  ];
}

function bookingJobs(
  deps: AppJobDependencies,
  transactions: NonNullable<AppJobDependencies['transactions']>,
): JobDefinition[] {
  const { db, clock, logger } = deps;
  const engine = transactionEngine({
    db,
    clock,
    charges: transactions.charges,
    freeTime: freeTimeRefresher({ clock, bookings: seatBookingsReader(db) }),
    logger,
  });
  return [
    ...transactionJobs(engine, clock),
    transactions.notifications,
    ...(transactions.reviewReminders ? [transactions.reviewReminders] : []),
  ];
}
