import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmailTransport } from '../src/adapters/email/index.ts';
import { connectDatabase, type Database } from '../src/db/client.ts';
import { emailOutbox } from '../src/db/schema/index.ts';
import {
  CLAIM_LEASE_MS,
  createEmailDispatcher,
  MAX_EMAIL_ATTEMPTS,
  retryDelayMs,
} from '../src/modules/email/index.ts';
import { createTestDatabase } from './database.ts';
import {
  clearOutbox,
  enqueueVerification,
  outboxRow,
  recordingTransport,
  waitFor,
} from './email-fixtures.ts';

const database = await createTestDatabase();
const { db } = database;
const logger = pino({ level: 'silent' });
const FROM = 'Hora <no-reply@hora.test>';

beforeEach(() => clearOutbox(db));

/** A second pool on the same database: another server instance. */
function anotherInstance(): Database {
  const connection = connectDatabase(database.url, { max: 2 });
  afterAll(() => connection.close());
  return connection.db;
}

const failing = (message = '421 service not available'): EmailTransport => ({
  send: async () => {
    throw new Error(message);
  },
});

function dispatcher(transport: EmailTransport | undefined, on: Database = db) {
  return createEmailDispatcher({ db: on, transport, from: FROM, logger });
}

/** Skips the backoff wait: the row becomes due now. */
async function makeDue(id: string) {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.id, id));
}

describe('email dispatcher with a transport', () => {
  it('sends due emails with the configured sender and marks them sent', async () => {
    const first = await enqueueVerification(db, 'ana@example.com');
    const second = await enqueueVerification(db, 'bea@example.com');
    const { transport, sent } = recordingTransport();
    const run = dispatcher(transport);
    expect([await run.deliver(first), await run.deliver(second)]).toEqual([true, true]);
    expect(sent.map((message) => message.to).sort()).toEqual(['ana@example.com', 'bea@example.com']);
    const [stored] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, first));
    expect(sent.find((message) => message.to === 'ana@example.com')).toEqual({
      from: FROM,
      to: 'ana@example.com',
      subject: stored!.subject,
      html: stored!.html,
      text: stored!.text,
    });
    for (const id of [first, second]) {
      expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect((await outboxRow(db, id)).sentAt).toBeInstanceOf(Date);
    }
    expect([await run.deliver(first), await run.deliver(second)]).toEqual([false, false]);
    expect(sent).toHaveLength(2);
  });

  it('sends an email once when its delivery runs twice at the same time', async () => {
    const id = await enqueueVerification(db, 'twice@example.com');
    const { transport, sent } = recordingTransport(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const outcomes = await Promise.all([
      dispatcher(transport, anotherInstance()).deliver(id),
      dispatcher(transport, anotherInstance()).deliver(id),
    ]);
    expect(outcomes.sort()).toEqual([false, true]);
    expect(sent.map((message) => message.to)).toEqual(['twice@example.com']);
    expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('leaves an email scheduled for later alone until it is due', async () => {
    const id = await enqueueVerification(db, 'later@example.com');
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '1 minute'` })
      .where(eq(emailOutbox.id, id));
    const { transport, sent } = recordingTransport();
    expect(await dispatcher(transport).deliver(id)).toBe(false);
    expect(sent).toHaveLength(0);
    expect(await outboxRow(db, id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('retries a failed send later, waiting longer after each failure', async () => {
    const id = await enqueueVerification(db, 'retry@example.com');
    const run = dispatcher(failing());
    expect(await run.deliver(id)).toBe(true);
    const afterFirst = await outboxRow(db, id);
    expect(afterFirst).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: '421 service not available',
    });
    expect(afterFirst.dueInSeconds).toBeGreaterThan(retryDelayMs(1) / 1000 - 5);
    expect(afterFirst.dueInSeconds).toBeLessThanOrEqual(retryDelayMs(1) / 1000);
    expect(await run.deliver(id)).toBe(false);

    await makeDue(id);
    expect(await run.deliver(id)).toBe(true);
    const afterSecond = await outboxRow(db, id);
    expect(afterSecond.attempts).toBe(2);
    expect(afterSecond.dueInSeconds).toBeGreaterThan(retryDelayMs(2) / 1000 - 5);
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
  });

  it('gives up after 5 attempts and marks the email failed', async () => {
    const id = await enqueueVerification(db, 'bounce@example.com');
    let calls = 0;
    const run = dispatcher({
      send: async () => {
        calls += 1;
        throw new Error(`attempt ${calls} refused`);
      },
    });
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt += 1) {
      await makeDue(id);
      expect(await run.deliver(id)).toBe(true);
    }
    expect(MAX_EMAIL_ATTEMPTS).toBe(5);
    expect(await outboxRow(db, id)).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: 'attempt 5 refused',
    });
    await makeDue(id);
    expect(await run.deliver(id)).toBe(false);
    expect(calls).toBe(5);
  });

  it('sends an email that failed once on the next attempt', async () => {
    const id = await enqueueVerification(db, 'flaky@example.com');
    let failures = 1;
    const { transport, sent } = recordingTransport(async () => {
      if (failures-- > 0) throw new Error('timeout');
    });
    const run = dispatcher(transport);
    await run.deliver(id);
    await makeDue(id);
    await run.deliver(id);
    expect(sent).toHaveLength(1);
    expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('never sends the same email twice when two instances run at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await enqueueVerification(db, `guest${i}@example.com`));
    const { transport, sent } = recordingTransport(() => new Promise((resolve) => setTimeout(resolve, 5)));
    // Each instance works through every email, as two workers handed the same jobs would.
    const deliverAll = async (instance: ReturnType<typeof dispatcher>) => {
      let delivered = 0;
      for (const id of ids) if (await instance.deliver(id)) delivered += 1;
      return delivered;
    };
    const [a, b] = await Promise.all([
      deliverAll(dispatcher(transport, anotherInstance())),
      deliverAll(dispatcher(transport, anotherInstance())),
    ]);
    expect(a + b).toBe(30);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((message) => message.to)).size).toBe(30);
    const statuses = await db.select({ status: emailOutbox.status }).from(emailOutbox);
    expect(statuses.every((row) => row.status === 'sent')).toBe(true);
  });

  it('loses nothing when an instance dies mid-send, and its late answer changes nothing', async () => {
    const id = await enqueueVerification(db, 'crash@example.com');
    let finishStaleSend: () => void = () => {};
    let staleSendStarted = false;
    // This instance "dies" with its send in flight.
    const dying = dispatcher(
      {
        send: () =>
          new Promise<void>((resolve) => {
            staleSendStarted = true;
            finishStaleSend = resolve;
          }),
      },
      anotherInstance(),
    );
    const staleRun = dying.deliver(id);
    await waitFor(async () => staleSendStarted);
    const claimed = await outboxRow(db, id);
    expect(claimed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(claimed.dueInSeconds).toBeGreaterThan(CLAIM_LEASE_MS / 1000 - 5);

    const { transport, sent } = recordingTransport();
    const survivor = dispatcher(transport);
    expect(await survivor.deliver(id)).toBe(false);

    await makeDue(id); // the lease runs out
    expect(await survivor.deliver(id)).toBe(true);
    expect(sent.map((message) => message.to)).toEqual(['crash@example.com']);
    expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 2 });

    finishStaleSend();
    expect(await staleRun).toBe(true);
    expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('does not let a stale failure undo a delivery recorded by another instance', async () => {
    const id = await enqueueVerification(db, 'stale@example.com');
    let failStaleSend: () => void = () => {};
    const slow = dispatcher(
      {
        send: () =>
          new Promise<void>((_, reject) => {
            failStaleSend = () => reject(new Error('too late'));
          }),
      },
      anotherInstance(),
    );
    const staleRun = slow.deliver(id);
    await waitFor(async () => (await outboxRow(db, id)).attempts === 1);
    await makeDue(id);
    const { transport } = recordingTransport();
    expect(await dispatcher(transport).deliver(id)).toBe(true);
    failStaleSend();
    await staleRun;
    expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });
});

describe('email dispatcher without a transport', () => {
  it('keeps due emails for the dev mailbox and leaves later ones pending', async () => {
    const due = [
      await enqueueVerification(db, 'one@example.com'),
      await enqueueVerification(db, 'two@example.com'),
    ];
    const later = await enqueueVerification(db, 'later@example.com');
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '1 minute'` })
      .where(eq(emailOutbox.id, later));
    const run = dispatcher(undefined);
    for (const id of due) expect(await run.deliver(id)).toBe(true);
    expect(await run.deliver(later)).toBe(false);
    for (const id of due)
      expect(await outboxRow(db, id)).toMatchObject({ status: 'kept', attempts: 0, sentAt: null });
    expect((await outboxRow(db, later)).status).toBe('pending');
    for (const id of due) expect(await run.deliver(id)).toBe(false);
  });
});
