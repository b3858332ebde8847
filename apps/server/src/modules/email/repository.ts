import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';

export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type NewOutboxEmail = Pick<
  typeof emailOutbox.$inferInsert,
  'template' | 'toAddress' | 'userId' | 'locale' | 'subject' | 'html' | 'text'
>;

// Every time comparison uses the database's clock, so instances with drifting clocks agree on
// which rows are due.
const isDue = and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`));

export async function insertOutboxEmail(db: Database, email: NewOutboxEmail): Promise<string> {
  const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  return row!.id;
}

export async function countEmailsSince(
  db: Database,
  filter: { userId: string; templates: readonly string[]; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.userId, filter.userId),
        inArray(emailOutbox.template, [...filter.templates]),
        gte(emailOutbox.createdAt, filter.since),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Takes the oldest due email for `leaseMs` in one statement: SKIP LOCKED lets other instances take
 * the next row instead of waiting, and pushing `next_attempt_at` past the lease hides the row from
 * them until then. If this instance dies before recording the outcome, the lease runs out and
 * another instance sends the email: it may go out twice, it is never lost. The incremented
 * `attempts` is the claim's token for recording the outcome.
 */
export async function claimDueEmail(db: Database, leaseMs: number): Promise<OutboxEmail | undefined> {
  const oldestDue = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(isDue)
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(eq(emailOutbox.id, sql`(${oldestDue})`))
    .returning();
  return row;
}

/** An outcome is recorded only while the claim is still ours (no other instance re-took the row). */
function ownClaim(claim: { id: string; attempts: number }) {
  return and(
    eq(emailOutbox.id, claim.id),
    eq(emailOutbox.status, 'pending'),
    eq(emailOutbox.attempts, claim.attempts),
  );
}

export async function markEmailSent(db: Database, claim: { id: string; attempts: number }): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', lastError: null, sentAt: sql`now()` })
    .where(ownClaim(claim));
}

export async function scheduleEmailRetry(
  db: Database,
  claim: { id: string; attempts: number },
  retry: { lastError: string; delayMs: number },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      lastError: retry.lastError,
      nextAttemptAt: sql`now() + ${retry.delayMs} * interval '1 millisecond'`,
    })
    .where(ownClaim(claim));
}

export async function markEmailFailed(
  db: Database,
  claim: { id: string; attempts: number },
  lastError: string,
): Promise<void> {
  await db.update(emailOutbox).set({ status: 'failed', lastError }).where(ownClaim(claim));
}

/** Without SMTP, due emails are kept for the dev mailbox; returns how many changed. */
export async function keepDueEmails(db: Database): Promise<number> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(isDue)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'kept' })
    .where(inArray(emailOutbox.id, due))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

const summaryColumns = {
  id: emailOutbox.id,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  template: emailOutbox.template,
  status: emailOutbox.status,
  createdAt: emailOutbox.createdAt,
};

/** Newest first; `to` matches the whole address, ignoring case. */
export async function listRecentEmails(db: Database, filter: { to?: string | undefined; limit: number }) {
  return db
    .select(summaryColumns)
    .from(emailOutbox)
    .where(filter.to ? sql`lower(${emailOutbox.toAddress}) = lower(${filter.to})` : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(filter.limit);
}

export async function findEmail(db: Database, id: string) {
  const [row] = await db
    .select({ ...summaryColumns, locale: emailOutbox.locale, html: emailOutbox.html, text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  return row;
}
