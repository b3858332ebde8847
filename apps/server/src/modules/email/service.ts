import type { Database } from '../../db/client.ts';
import { resolveEmailLocale } from './messages.ts';
import { countEmailsSince, insertOutboxEmail } from './repository.ts';
import { type EmailContent, type EmailTemplate, renderEmail } from './templates.ts';

export type EnqueueEmailInput<T extends EmailTemplate = EmailTemplate> = EmailContent<T> & {
  to: string;
  /** The account the email is about; rate limits count per user and template. */
  userId?: string | null;
  /** The recipient's `users.locale`; anything but `en` reads Spanish. */
  locale: string | null | undefined;
  /** `config.marketplace.name`: the brand shown in the email. */
  marketplaceName: string;
};

/**
 * Renders the email now, in the recipient's language, and stores it for the dispatcher. Pass the
 * transaction of the change that caused the email, so both commit or neither does.
 */
export async function enqueueEmail<T extends EmailTemplate>(
  db: Database,
  input: EnqueueEmailInput<T>,
): Promise<string> {
  const locale = resolveEmailLocale(input.locale);
  const rendered = renderEmail(input, { locale, marketplaceName: input.marketplaceName });
  return insertOutboxEmail(db, {
    template: input.template,
    toAddress: input.to,
    userId: input.userId ?? null,
    locale,
    ...rendered,
  });
}

/** Emails of one template queued for a user since a moment, whatever became of them. */
export async function countRecentEmails(
  db: Database,
  filter: { userId: string; template: EmailTemplate | readonly EmailTemplate[]; since: Date },
): Promise<number> {
  const templates = typeof filter.template === 'string' ? [filter.template] : filter.template;
  return countEmailsSince(db, { userId: filter.userId, templates, since: filter.since });
}
