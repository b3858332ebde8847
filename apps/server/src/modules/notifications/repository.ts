import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { smsOutbox, users } from '../../db/schema/index.ts';

/** A person a notification goes to. */
export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
  phoneNumber: string | null;
  banned: boolean;
  deleted: boolean;
}

export async function findRecipients(db: Executor, ids: readonly string[]): Promise<Map<string, Recipient>> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
      phoneNumber: users.phoneNumber,
      banned: users.banned,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(
    rows.map(({ deletedAt, ...row }) => [row.id, { ...row, deleted: deletedAt !== null }] as const),
  );
}

/** An SMS as the outbox keeps it. */
export interface OutboxSms {
  id: string;
  toNumber: string;
  body: string;
  userId: string | null;
  /** pending → sent | failed; `kept` when no provider is configured. */
  status: string;
  providerId: string | null;
  lastError: string | null;
  createdAt: Date;
}

const smsColumns = {
  id: smsOutbox.id,
  toNumber: smsOutbox.toNumber,
  body: smsOutbox.body,
  userId: smsOutbox.userId,
  status: smsOutbox.status,
  providerId: smsOutbox.providerId,
  lastError: smsOutbox.lastError,
  createdAt: smsOutbox.createdAt,
};

/**
 * Writes the message unless its dedupe key is already there; answers the row either way, so a
 * retried job sees whether the first run got to send it (`pending` means it did not).
 */
export async function insertSmsOnce(
  db: Executor,
  sms: { dedupeKey: string; toNumber: string; body: string; userId: string | null; createdAt: Date },
): Promise<OutboxSms> {
  const [created] = await db
    .insert(smsOutbox)
    .values(sms)
    .onConflictDoNothing({ target: smsOutbox.dedupeKey })
    .returning(smsColumns);
  if (created) return created;
  const [existing] = await db
    .select(smsColumns)
    .from(smsOutbox)
    .where(eq(smsOutbox.dedupeKey, sms.dedupeKey));
  return existing!;
}

/** Records the outcome of a send; only a pending message changes (a second run cannot undo a send). */
export async function recordSmsOutcome(
  db: Executor,
  id: string,
  outcome:
    | { status: 'sent'; providerId: string | null }
    | { status: 'kept' }
    | { status: 'failed'; lastError: string },
): Promise<void> {
  await db
    .update(smsOutbox)
    .set({
      status: outcome.status,
      ...(outcome.status === 'sent' ? { providerId: outcome.providerId, sentAt: sql`now()` } : {}),
      ...(outcome.status === 'failed' ? { lastError: outcome.lastError } : {}),
    })
    .where(sql`${smsOutbox.id} = ${id} and ${smsOutbox.status} = 'pending'`);
}

/** The dev mailbox's SMS list: newest first. */
export async function listRecentSms(db: Executor, limit: number): Promise<OutboxSms[]> {
  return db.select(smsColumns).from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(limit);
}
