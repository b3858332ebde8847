/**
 * Transaction notifications (issue 11): the emails of every transition that concerns someone, the
 * customer's receipt and the host's "new order" SMS. Usage (jobs/index.ts):
 *
 *   transactionNotificationsJob({ db, clock, facts, sms: createSmsSender(config), publicUrl,
 *     marketplaceName, logger })
 *
 * `facts` is the transactions module's reader (`TransactionNotificationFacts`).
 */
export type { MessageFacts, TransactionFacts, TransactionNotificationFacts } from './facts.ts';
export { transactionNotificationsJob } from './job.ts';
export {
  MESSAGE_NOTIFICATION_INTERVAL_MS,
  type MessageNotifyJob,
  messageNotificationKey,
  notifyMessage,
} from './message-notifications.ts';
export { notificationKey, notificationPlan } from './plan.ts';
export { listRecentSms, type OutboxSms } from './repository.ts';
export {
  type NotificationDependencies,
  notifyTransition,
  TRANSACTION_NOTIFY_JOB,
  type TransactionNotifyJob,
} from './service.ts';
