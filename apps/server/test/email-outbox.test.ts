import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema/index.ts';
import { countRecentEmails, enqueueEmail } from '../src/modules/email/index.ts';
import { createTestDatabase } from './database.ts';
import { clearOutbox, enqueueVerification, insertEmailUser } from './email-fixtures.ts';

const { db } = await createTestDatabase();

const HOUR = 3_600_000;

beforeEach(() => clearOutbox(db));

async function row(id: string) {
  const [found] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return found!;
}

describe('enqueueEmail', () => {
  it('stores the email rendered in the recipient language, pending, and returns its id', async () => {
    const userId = await insertEmailUser(db, { email: 'ann@example.com', firstName: 'Ann', locale: 'en' });
    const id = await enqueueEmail(db, {
      template: 'reset-password',
      to: 'ann@example.com',
      userId,
      locale: 'en',
      marketplaceName: 'Hora',
      // The app's clock, not the database's: daily limits count by it.
      createdAt: new Date('2031-01-02T03:04:05.000Z'),
      data: { firstName: 'Ann', url: 'https://hora.test/reset-password?t=tok' },
    });
    const stored = await row(id);
    expect(stored).toMatchObject({
      template: 'reset-password',
      toAddress: 'ann@example.com',
      userId,
      locale: 'en',
      subject: 'Reset your Hora password',
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
      createdAt: new Date('2031-01-02T03:04:05.000Z'),
    });
    expect(stored.html).toContain('href="https://hora.test/reset-password?t=tok"');
    expect(stored.text).toContain('Hi Ann,');
  });

  it('writes Spanish when the locale is missing or unknown', async () => {
    for (const locale of [null, 'fr']) {
      const id = await enqueueEmail(db, {
        template: 'verify-email',
        to: 'x@example.com',
        locale,
        marketplaceName: 'Hora',
        createdAt: new Date(),
        data: { firstName: 'Xavi', url: 'https://hora.test/verify-email?t=1' },
      });
      expect(await row(id)).toMatchObject({ locale: 'es', userId: null });
      expect((await row(id)).subject).toBe('Confirma tu dirección de correo en Hora');
    }
  });

  it('commits and rolls back with the transaction it is given', async () => {
    const kept = await db.transaction((tx) => enqueueVerification(tx, 'kept@example.com'));
    await expect(
      db.transaction(async (tx) => {
        await enqueueVerification(tx, 'lost@example.com');
        throw new Error('the change that caused the email failed');
      }),
    ).rejects.toThrow('failed');
    const rows = await db.select({ id: emailOutbox.id, to: emailOutbox.toAddress }).from(emailOutbox);
    expect(rows).toEqual([{ id: kept, to: 'kept@example.com' }]);
  });
});

describe('countRecentEmails', () => {
  it('counts one user and template since the given moment, whatever their status', async () => {
    const lucia = await insertEmailUser(db, { email: 'lucia@example.com' });
    const other = await insertEmailUser(db, { email: 'other@example.com' });
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push(await enqueueVerification(db, 'lucia@example.com', lucia));
    await enqueueVerification(db, 'other@example.com', other);
    await enqueueEmail(db, {
      template: 'reset-password',
      to: 'lucia@example.com',
      userId: lucia,
      locale: 'es',
      marketplaceName: 'Hora',
      createdAt: new Date(),
      data: { firstName: 'Lucía', url: 'https://hora.test/reset-password?t=1' },
    });
    await db.update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.id, ids[1]!));
    await db
      .update(emailOutbox)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(emailOutbox.id, ids[0]!));

    const dayAgo = new Date(Date.now() - 24 * HOUR);
    expect(await countRecentEmails(db, { userId: lucia, template: 'verify-email', since: dayAgo })).toBe(3);
    expect(await countRecentEmails(db, { userId: lucia, template: 'verify-email', since: new Date(0) })).toBe(
      4,
    );
    expect(await countRecentEmails(db, { userId: lucia, template: 'reset-password', since: dayAgo })).toBe(1);
    expect(await countRecentEmails(db, { userId: other, template: 'verify-email', since: dayAgo })).toBe(1);
    expect(
      await countRecentEmails(db, {
        userId: lucia,
        template: 'verify-email',
        since: new Date(Date.now() + HOUR),
      }),
    ).toBe(0);
  });
});
