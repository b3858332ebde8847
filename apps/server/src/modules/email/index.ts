/**
 * Email through an outbox. Usage:
 *
 *   // inside the transaction of the change that causes the email:
 *   await enqueueEmail(tx, { template: 'verify-email', to, userId, locale: user.locale,
 *     marketplaceName: config.marketplace.name, data: { firstName, url } });
 *   // allow at most 5 verification emails a day:
 *   await countRecentEmails(db, { userId, template: 'verify-email', since });
 *   // app.ts, before the API's not-found route (nothing is registered without a key):
 *   await registerDevMailbox(app, { db, key: config.devMailbox?.key, secureCookie });
 *   // serve.ts, after start-up (and `await dispatcher.stop()` before closing the pool):
 *   const dispatcher = startEmailDispatcher({ db, transport: createEmailTransport(config),
 *     from: config.email.from, logger });
 */
export {
  CLAIM_LEASE_MS,
  type EmailDispatcher,
  type EmailDispatcherOptions,
  MAX_EMAIL_ATTEMPTS,
  retryDelayMs,
  startEmailDispatcher,
} from './dispatcher.ts';
export { EMAIL_LOCALES, type EmailLocale, resolveEmailLocale } from './messages.ts';
export { DEV_MAILBOX_COOKIE, devMailboxLink, registerDevMailbox } from './routes.ts';
export { countRecentEmails, type EnqueueEmailInput, enqueueEmail } from './service.ts';
export {
  EMAIL_TEMPLATES,
  type EmailContent,
  type EmailTemplate,
  type EmailTemplateData,
  type RenderedEmail,
  renderEmail,
} from './templates.ts';
