import type { Executor } from '../../db/executor.ts';
import { enqueue, enqueueMany } from '../../jobs/enqueue.ts';
import { resolveEmailLocale } from './messages.ts';
import { countEmailsSince, insertOutboxEmail, insertOutboxEmailOnce, listDueEmailIds } from './repository.ts';
import { type EmailContent, type EmailTemplate, renderEmail } from './templates.ts';

export type EnqueueEmailInput<T extends EmailTemplate = EmailTemplate> = EmailContent<T> & {
  to: string;
  /** The account the email is about; rate limits count per user and template. */
  userId?: string | null;
  /** The recipient's `users.locale`; anything but `en` reads Spanish. */
  locale: string | null | undefined;
  /** `config.marketplace.name`: the brand shown in the email. */
  marketplaceName: string;
  /** When the email is written, on the app's clock: daily limits count emails by it. */
  createdAt: Date;
};

/** The job that delivers one outbox email; its payload names the email. */
export const EMAIL_DELIVERY_JOB = 'email.deliver';
export interface EmailDeliveryJob {
  emailId: string;
}

/** One delivery job per email at most waits in the queue (the queue's `short` policy). */
function deliveryJob(emailId: string) {
  return { data: { emailId } satisfies EmailDeliveryJob, singletonKey: emailId };
}

/**
 * Renders the email now, in the recipient's language, stores it in the outbox and queues its
 * delivery. Pass the transaction of the change that caused the email (see `withTransaction`), so
 * the change, the email and its delivery job commit together or not at all.
 */
export async function enqueueEmail<T extends EmailTemplate>(
  db: Executor,
  input: EnqueueEmailInput<T>,
): Promise<string> {
  const locale = resolveEmailLocale(input.locale);
  const rendered = renderEmail(input, { locale, marketplaceName: input.marketplaceName });
  const id = await insertOutboxEmail(db, {
    template: input.template,
    toAddress: input.to,
    userId: input.userId ?? null,
    locale,
    createdAt: input.createdAt,
    ...rendered,
  });
  const job = deliveryJob(id);
  await enqueue(db, EMAIL_DELIVERY_JOB, job.data, { singletonKey: job.singletonKey });
  return id;
}

/**
 * `enqueueEmail` for an email that must go once however often its cause runs (a retried job): the
 * outbox's unique dedupe key keeps the first and drops the rest, and only the first queues a
 * delivery. `created` says which this was.
 */
export async function enqueueEmailOnce<T extends EmailTemplate>(
  db: Executor,
  input: EnqueueEmailInput<T> & { dedupeKey: string },
): Promise<{ id: string; created: boolean }> {
  const locale = resolveEmailLocale(input.locale);
  const rendered = renderEmail(input, { locale, marketplaceName: input.marketplaceName });
  const written = await insertOutboxEmailOnce(db, {
    template: input.template,
    toAddress: input.to,
    userId: input.userId ?? null,
    locale,
    createdAt: input.createdAt,
    dedupeKey: input.dedupeKey,
    ...rendered,
  });
  if (written.created) {
    const job = deliveryJob(written.id);
    await enqueue(db, EMAIL_DELIVERY_JOB, job.data, { singletonKey: job.singletonKey });
  }
  return written;
}

/**
 * Queues a delivery job for each due email, at most `limit`, oldest first: retries whose time has
 * come, emails whose lease ran out on a dead instance, any whose job was lost. Returns how many.
 */
export async function queueDueEmails(db: Executor, limit: number): Promise<number> {
  const ids = await listDueEmailIds(db, limit);
  await enqueueMany(db, EMAIL_DELIVERY_JOB, ids.map(deliveryJob));
  return ids.length;
}

/** Emails of one template queued for a user since a moment, whatever became of them. */
export async function countRecentEmails(
  db: Executor,
  filter: { userId: string; template: EmailTemplate | readonly EmailTemplate[]; since: Date },
): Promise<number> {
  const templates = typeof filter.template === 'string' ? [filter.template] : filter.template;
  return countEmailsSince(db, { userId: filter.userId, templates, since: filter.since });
}
