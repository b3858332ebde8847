import type { Clock } from '../../clock.ts';
import type { JobDefinition } from '../../jobs/definition.ts';
import { type PaymentActionJob, type TimerJob, TRANSACTION_JOBS, type TransactionEngine } from './engine.ts';

/** Idempotency keys are kept a day: a retry comes within minutes, a day covers a client's backoff. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The engine's jobs: the timers (delayed by pg-boss, so they survive restarts and run at once after
 * downtime), the payment actions, the reconciler every five minutes and the hourly expiry of old
 * idempotency keys. `transactions.notify` is the notifications module's (see jobs/index.ts).
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
  return [timer, paymentAction, reconcile, sweep] as JobDefinition[];
}
