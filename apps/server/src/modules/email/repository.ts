import { and, count, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { emailOutbox } from '../../db/schema/index.ts';

/** An email as the outbox keeps it. */
export interface OutboxEmail {
  id: string;
  template: string;
  toAddress: string;
  userId: string | null;
  locale: string;
  subject: string;
  html: string;
  text: string;
  /** pending → sent | failed; `kept` when no SMTP server is configured. */
  status: string;
  /** Claims so far: the token a claim records its outcome with. */
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
  createdAt: Date;
}

export type NewOutboxEmail = Pick<
  OutboxEmail,
  'template' | 'toAddress' | 'userId' | 'locale' | 'subject' | 'html' | 'text' | 'createdAt'
>;

function toOutboxEmail(row: typeof emailOutbox.$inferSelect): OutboxEmail {
  return {
    id: row.id,
    template: row.template,
    toAddress: row.toAddress,
    userId: row.userId,
    locale: row.locale,
    subject: row.subject,
    html: row.html,
    text: row.text,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
  };
}

// Every time comparison uses the database's clock, so instances with drifting clocks agree on
// which rows are due.
const isDue = and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`));

export async function insertOutboxEmail(db: Executor, email: NewOutboxEmail): Promise<string> {
  const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  return row!.id;
}

/**
 * Writes the email unless one with its dedupe key exists: `created` false means an earlier run
 * already wrote it (and queued its delivery), so nothing more is to be done.
 */
export async function insertOutboxEmailOnce(
  db: Executor,
  email: NewOutboxEmail & { dedupeKey: string },
): Promise<{ id: string; created: boolean }> {
  const [row] = await db
    .insert(emailOutbox)
    .values(email)
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, email.dedupeKey));
  return { id: existing!.id, created: false };
}

export async function countEmailsSince(
  db: Executor,
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
 * Takes one email for `leaseMs` if it is due, in one statement: pushing `next_attempt_at` past the
 * lease hides the row from every other claim until then (a concurrent claim waits for the row, then
 * finds it no longer due). If this instance dies before recording the outcome, the lease runs out
 * and the sweep hands the email out again: it may go out twice, it is never lost. The incremented
 * `attempts` is the claim's token for recording the outcome.
 */
export async function claimEmail(
  db: Executor,
  id: string,
  leaseMs: number,
): Promise<OutboxEmail | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(and(eq(emailOutbox.id, id), isDue))
    .returning();
  return row ? toOutboxEmail(row) : undefined;
}

/** The due emails, oldest first: new ones whose delivery job was lost, retries, expired leases. */
export async function listDueEmailIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(isDue)
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** An outcome is recorded only while the claim is still ours (no other instance re-took the row). */
function ownClaim(claim: { id: string; attempts: number }) {
  return and(
    eq(emailOutbox.id, claim.id),
    eq(emailOutbox.status, 'pending'),
    eq(emailOutbox.attempts, claim.attempts),
  );
}

export async function markEmailSent(db: Executor, claim: { id: string; attempts: number }): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', lastError: null, sentAt: sql`now()` })
    .where(ownClaim(claim));
}

export async function scheduleEmailRetry(
  db: Executor,
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
  db: Executor,
  claim: { id: string; attempts: number },
  lastError: string,
): Promise<void> {
  await db.update(emailOutbox).set({ status: 'failed', lastError }).where(ownClaim(claim));
}

/** Without SMTP, a due email is kept for the dev mailbox; false when it was not due. */
export async function keepEmail(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'kept' })
    .where(and(eq(emailOutbox.id, id), isDue))
    .returning({ id: emailOutbox.id });
  return rows.length === 1;
}

const summaryColumns = {
  id: emailOutbox.id,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  template: emailOutbox.template,
  status: emailOutbox.status,
  createdAt: emailOutbox.createdAt,
};

/**
 * Brings every email waiting for a delivery attempt `ms` milliseconds closer: moving the clock
 * forward, for an outbox whose times are the database's (see the test clock, decision 0016).
 */
export async function shiftPendingEmails(db: Executor, ms: number): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`${emailOutbox.nextAttemptAt} - ${ms} * interval '1 millisecond'` })
    .where(eq(emailOutbox.status, 'pending'))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/**
 * Forgets the emails of a user that were never sent: the undo of a sign-up that did not complete,
 * whose verification email must not reach anyone. Their delivery jobs then find nothing to send.
 */
export async function discardUnsentEmails(db: Executor, userId: string): Promise<void> {
  await db.delete(emailOutbox).where(and(eq(emailOutbox.userId, userId), ne(emailOutbox.status, 'sent')));
}

/** A line of the dev mailbox. */
export interface EmailSummary {
  id: string;
  to: string;
  subject: string;
  template: string;
  status: string;
  createdAt: Date;
}

/** Newest first; `to` matches the whole address, ignoring case. */
export async function listRecentEmails(
  db: Executor,
  filter: { to?: string | undefined; limit: number },
): Promise<EmailSummary[]> {
  return db
    .select(summaryColumns)
    .from(emailOutbox)
    .where(filter.to ? sql`lower(${emailOutbox.toAddress}) = lower(${filter.to})` : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(filter.limit);
}

export async function findEmail(
  db: Executor,
  id: string,
): Promise<(EmailSummary & Pick<OutboxEmail, 'locale' | 'html' | 'text'>) | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, locale: emailOutbox.locale, html: emailOutbox.html, text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  return row;
}
