import type { JobDefinition } from '../../jobs/definition.ts';
import { isMessageNotifyJob, type MessageNotifyJob, notifyMessage } from './message-notifications.ts';
import {
  type NotificationDependencies,
  notifyTransition,
  TRANSACTION_NOTIFY_JOB,
  type TransactionNotifyJob,
} from './service.ts';

/**
 * `transactions.notify {transactionId, transition}`: the emails and SMS of one transition; with
 * `{transactionId, messageId}` instead, the other party's news of a message (throttled).
 * Idempotent through the outboxes' dedupe keys: a retry after a partial run writes only what is
 * missing, a retry after a full run writes nothing.
 */
export function transactionNotificationsJob(
  deps: NotificationDependencies,
): JobDefinition<TransactionNotifyJob | MessageNotifyJob> {
  return {
    name: TRANSACTION_NOTIFY_JOB,
    retry: { limit: 5, delaySeconds: 15, backoff: true },
    async handle(data) {
      if (isMessageNotifyJob(data)) await notifyMessage(deps, data);
      else await notifyTransition(deps, data);
    },
  };
}
