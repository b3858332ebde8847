import { EMAIL_DELIVERY_JOB, type EmailDeliveryJob, type EmailDispatcher } from '../modules/email/index.ts';
import type { JobDefinition } from './definition.ts';

/**
 * Sends one outbox email, queued with the email itself. A failed send is the outbox's business
 * (its own retry schedule, see the dispatcher); a throw here is an infrastructure failure (the
 * database) and is retried soon. Idempotent through the outbox's claim: a second run finds the email
 * sent, or leased by the run in progress, and does nothing.
 */
export function emailDeliveryJob(dispatcher: EmailDispatcher): JobDefinition<EmailDeliveryJob> {
  return {
    name: EMAIL_DELIVERY_JOB,
    policy: 'short',
    // Sent one after the other, so a batch of ten fits well within the expiry even with slow SMTP.
    batchSize: 10,
    expireInSeconds: 10 * 60,
    retry: { limit: 3, delaySeconds: 10, backoff: true },
    async handle({ emailId }) {
      await dispatcher.deliver(emailId);
    },
  };
}
