import type { JobDefinition } from '../../jobs/definition.ts';
import {
  type NotificationDependencies,
  notifyTransition,
  TRANSACTION_NOTIFY_JOB,
  type TransactionNotifyJob,
} from './service.ts';

/**
 * `transactions.notify {transactionId, transition}`: the emails and SMS of one transition.
 * Idempotent through the outboxes' dedupe keys: a retry after a partial run writes only what is
 * missing, a retry after a full run writes nothing.
 */
export function transactionNotificationsJob(
  deps: NotificationDependencies,
): JobDefinition<TransactionNotifyJob> {
  return {
    name: TRANSACTION_NOTIFY_JOB,
    retry: { limit: 5, delaySeconds: 15, backoff: true },
    async handle(data) {
      await notifyTransition(deps, data);
    },
  };
}
