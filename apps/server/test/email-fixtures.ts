import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { EmailMessage, EmailTransport } from '../src/adapters/email/index.ts';
import type { Database } from '../src/db/client.ts';
import { emailOutbox, users } from '../src/db/schema/index.ts';
import { enqueueEmail } from '../src/modules/email/index.ts';

/** A user row with only the columns the outbox needs, for tests of the email module. */
export async function insertEmailUser(
  db: Database,
  user: { email: string; firstName?: string; locale?: string },
): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({
    id,
    name: `${user.firstName ?? 'Test'} User`,
    email: user.email,
    firstName: user.firstName ?? 'Test',
    lastName: 'User',
    locale: user.locale ?? 'es',
    referralCode: id.slice(0, 8),
  });
  return id;
}

export function enqueueVerification(db: Database, to: string, userId?: string): Promise<string> {
  return enqueueEmail(db, {
    template: 'verify-email',
    to,
    userId: userId ?? null,
    locale: 'es',
    marketplaceName: 'Hora',
    createdAt: new Date(),
    data: { firstName: 'Lucía', url: `https://hora.test/verify-email?t=${encodeURIComponent(to)}` },
  });
}

export async function clearOutbox(db: Database): Promise<void> {
  await db.execute(sql`delete from email_outbox`);
}

/** A transport that records what it sent, after `behaviour` (a delay, a failure) has run. */
export function recordingTransport(behaviour: (message: EmailMessage) => Promise<void> = async () => {}) {
  const sent: EmailMessage[] = [];
  const transport: EmailTransport = {
    async send(message) {
      await behaviour(message);
      sent.push(message);
    },
  };
  return { transport, sent };
}

/** The delivery state of one outbox row; `dueInSeconds` is measured on the database clock. */
export async function outboxRow(db: Database, id: string) {
  const [row] = await db
    .select({
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      sentAt: emailOutbox.sentAt,
      dueInSeconds: sql<number>`extract(epoch from ${emailOutbox.nextAttemptAt} - now())::float8`,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  return row!;
}

export async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
