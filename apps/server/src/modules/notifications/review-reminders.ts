import { REVIEWS } from '@hora/core/config';
import type { Role } from '@hora/core/process';
import { reviewPagePath } from '@hora/core/reviews';
import { withTransaction } from '../../db/executor.ts';
import type { JobDefinition } from '../../jobs/definition.ts';
import { displayName } from '../account/views.ts';
import { emailTranslator, enqueueEmailOnce, resolveEmailLocale } from '../email/index.ts';
import { reviewRepository } from '../reviews/repository.ts';
import { formatBooking } from './format.ts';
import { notificationKey } from './plan.ts';
import { findRecipients } from './repository.ts';
import type { NotificationDependencies } from './service.ts';

export const REVIEW_REMINDERS_JOB = 'reviews.remind';

/** The reminder's "transition" in the outbox's dedupe key: one per transaction and recipient, ever. */
const REMINDER = 'review-reminder';

/** Who still owes a review in a state (the process table: delivered is both, reviewed-by-X the other). */
function owing(state: string): Role[] {
  if (state === 'delivered') return ['customer', 'provider'];
  if (state === 'reviewed-by-customer') return ['provider'];
  if (state === 'reviewed-by-provider') return ['customer'];
  return [];
}

const INTL_LOCALES = { es: 'es-ES', en: 'en-GB' } as const;

/**
 * Writes the reminders due now: to each party who has not reviewed a transaction whose review
 * period closes within `REVIEWS.reminderBeforeEndMs`. Each goes once, whatever retries or runs
 * again (the outbox's dedupe key `transaction:<id>:review-reminder:<recipient>`). Returns how many
 * transactions it looked at.
 */
export async function sendReviewReminders(deps: NotificationDependencies, limit = 500): Promise<number> {
  const now = deps.clock.now();
  const due = await reviewRepository(deps.db).awaitingReview(
    now,
    new Date(now.getTime() + REVIEWS.reminderBeforeEndMs),
    limit,
  );
  for (const transaction of due) {
    const facts = await deps.facts.find(transaction.id);
    if (!facts) continue;
    const people = await findRecipients(deps.db, [facts.customerId, facts.providerId]);
    const parties: Record<Role, string> = { customer: facts.customerId, provider: facts.providerId };
    await withTransaction(deps.db, async (tx) => {
      for (const role of owing(transaction.state)) {
        const recipient = people.get(parties[role]);
        const other = people.get(parties[role === 'customer' ? 'provider' : 'customer']);
        if (!recipient || !other || recipient.deleted) continue;
        const locale = resolveEmailLocale(recipient.locale);
        const t = emailTranslator(locale);
        const closesAt = transaction.nextTimerAt ?? now;
        await enqueueEmailOnce(tx, {
          template: 'transaction-review-reminder',
          data: {
            firstName: recipient.firstName,
            url: `${deps.publicUrl}${reviewPagePath(role, facts.id)}`,
            listingTitle: facts.listing.title || t('transaction.deletedListing', {}),
            bookingDates: formatBooking(facts.booking, facts.listing.timeZone, locale),
            otherName: other.deleted ? t('transaction.deletedUser', {}) : displayName(other),
            closesOn: new Intl.DateTimeFormat(INTL_LOCALES[locale], {
              timeZone: facts.listing.timeZone,
              day: 'numeric',
              month: 'long',
            }).format(closesAt),
          },
          to: recipient.email,
          userId: recipient.id,
          locale: recipient.locale,
          marketplaceName: deps.marketplaceName,
          createdAt: now,
          dedupeKey: notificationKey(facts.id, REMINDER, recipient.id),
        });
      }
    });
  }
  return due.length;
}

/** Hourly: the review reminders due (idempotent through the outbox's dedupe keys). */
export function reviewRemindersJob(deps: NotificationDependencies): JobDefinition {
  return {
    name: REVIEW_REMINDERS_JOB,
    schedule: '23 * * * *',
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    async handle() {
      await sendReviewReminders(deps);
    },
  };
}
