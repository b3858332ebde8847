import type { Clock } from '../../clock.ts';
import type { JobDefinition } from '../../jobs/definition.ts';
import {
  type FreeTimeJob,
  type PaymentActionJob,
  type TimerJob,
  TRANSACTION_JOBS,
  type TransactionEngine,
} from './engine.ts';

/** Idempotency keys are kept a day: a retry comes within minutes, a day covers a client's backoff. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The engine's jobs: the timers (delayed by pg-boss, so they survive restarts and run at once after
 * downtime), the payment actions, the reconciler every five minutes, the hourly expiry of old
 * idempotency keys and the search free time of newly booked listings. `transactions.notify` is the notifications module's (see jobs/index.ts).
 */
export function transactionJobs(engine: TransactionEngine, clock: Clock): JobDefinition[] {
  const timer: JobDefinition<TimerJob> = {
    name: TRANSACTION_JOBS.timer,
    retry: { limit: 10, delaySeconds: 30, backoff: true },
    async handle(data) {
      await engine.runTimer(data);
    },
  };
  const paymentAction: JobDefinition<PaymentActionJob> = {
    name: TRANSACTION_JOBS.paymentAction,
    retry: { limit: 10, delaySeconds: 30, backoff: true },
    async handle(data) {
      await engine.act(data);
    },
  };
  const reconcile: JobDefinition = {
    name: TRANSACTION_JOBS.reconcile,
    schedule: '*/5 * * * *',
    retry: { limit: 1, delaySeconds: 60, backoff: false },
    deadLetter: false,
    async handle() {
      await engine.reconcile();
    },
  };
  const sweep: JobDefinition = {
    name: TRANSACTION_JOBS.idempotencySweep,
    schedule: '17 * * * *',
    retry: { limit: 1, delaySeconds: 300, backoff: false },
    deadLetter: false,
    async handle() {
      await engine.repository.expireIdempotencyKeys(new Date(clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS));
    },
  };
  // A new booking's listing, refreshed for the search once for all the bookings that came while its
  // job waited (decision 0065): while one waits, a booking queues no other (`short`, keyed by listing).
  const freeTime: JobDefinition<FreeTimeJob> = {
    name: TRANSACTION_JOBS.freeTime,
    policy: 'short',
    batchSize: 50,
    retry: { limit: 10, delaySeconds: 5, backoff: true },
    async handle(data) {
      await engine.refreshListingFreeTime(data.listingId);
    },
  };
  return [timer, paymentAction, reconcile, sweep, freeTime] as JobDefinition[];
}
