/**
 * Email through an outbox. Usage:
 *
 *   // inside the transaction of the change that causes the email (it also queues the delivery):
 *   await enqueueEmail(tx, { template: 'verify-email', to, userId, locale: user.locale,
 *     marketplaceName: config.marketplace.name, createdAt: clock.now(), data: { firstName, url } });
 *   // allow at most 5 verification emails a day:
 *   await countRecentEmails(db, { userId, template: 'verify-email', since });
 *   // app.ts, before the API's not-found route (nothing is registered without a key):
 *   await registerDevMailbox(app, { db, key: config.devMailbox?.key, secureCookie });
 *
 * Delivery runs as background jobs (`jobs/email-delivery.ts`, `jobs/email-sweep.ts`) on the
 * dispatcher: `createEmailDispatcher({ db, transport, from, logger }).deliver(emailId)`.
 */
export {
  CLAIM_LEASE_MS,
  createEmailDispatcher,
  type EmailDispatcher,
  type EmailDispatcherOptions,
  MAX_EMAIL_ATTEMPTS,
  retryDelayMs,
} from './dispatcher.ts';
export { EMAIL_LOCALES, type EmailLocale, emailTranslator, resolveEmailLocale } from './messages.ts';
export { discardUnsentEmails, shiftPendingEmails } from './repository.ts';
export { DEV_MAILBOX_COOKIE, devMailboxLink, registerDevMailbox } from './routes.ts';
export {
  countRecentEmails,
  EMAIL_DELIVERY_JOB,
  type EmailDeliveryJob,
  type EnqueueEmailInput,
  enqueueEmail,
  enqueueEmailOnce,
  queueDueEmails,
} from './service.ts';
export {
  EMAIL_TEMPLATES,
  type EmailContent,
  type EmailTemplate,
  type EmailTemplateData,
  type ReceiptLine,
  type RenderedEmail,
  renderEmail,
  type TransactionEmailData,
} from './templates.ts';
