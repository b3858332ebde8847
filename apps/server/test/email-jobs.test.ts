import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmailTransport } from '../src/adapters/email/index.ts';
import { systemClock } from '../src/clock.ts';
import type { Database } from '../src/db/client.ts';
import { emailOutbox } from '../src/db/schema/index.ts';
import { appJobs, enqueue, type JobDefinition, type JobRunner } from '../src/jobs/index.ts';
import { EMAIL_DELIVERY_JOB } from '../src/modules/email/index.ts';
import { createTestDatabase } from './database.ts';
import {
  clearOutbox,
  enqueueVerification,
  outboxRow,
  recordingTransport,
  waitFor,
} from './email-fixtures.ts';
import { recordingLogger, sleep, startTestRunner as startRunner, storedJobs } from './jobs.ts';

const database = await createTestDatabase();
const { db, pool } = database;
const FROM = 'Hora <no-reply@hora.test>';

beforeEach(async () => {
  await clearOutbox(db);
  await db.execute(sql`delete from pgboss.job`);
});

// Every test's runner stops with it: a runner left running would take the next test's jobs.
const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop({ timeoutMs: 1_000 })));
});

async function startTestRunner(...args: Parameters<typeof startRunner>): Promise<JobRunner> {
  const runner = await startRunner(...args);
  runners.push(runner);
  return runner;
}

function jobs(transport: EmailTransport | undefined): JobDefinition[] {
  return appJobs({
    db,
    clock: systemClock,
    emailTransport: transport,
    emailFrom: FROM,
    logger: recordingLogger().logger,
  });
}

function job(list: JobDefinition[], name: string): JobDefinition {
  return list.find((candidate) => candidate.name === name)!;
}

/** Runs one sweep, as the minute's cron would. */
async function sweep(list: JobDefinition[]) {
  await job(list, 'email.sweep').handle({}, { id: 'sweep', retryCount: 0 });
}

const settled = async (queue: string) =>
  (await storedJobs(db, queue)).every((stored) => ['completed', 'failed'].includes(stored.state));

describe('email delivery jobs', () => {
  it('send an email written to the outbox without waiting for a sweep, once', async () => {
    const { transport, sent } = recordingTransport();
    const runner = await startTestRunner(pool, jobs(transport));
    const id = await enqueueVerification(db, 'now@example.com');
    expect(await storedJobs(db, EMAIL_DELIVERY_JOB)).toEqual([
      expect.objectContaining({ data: { emailId: id }, singletonKey: id }),
    ]);
    await waitFor(async () => (await outboxRow(db, id)).status === 'sent');
    await waitFor(() => settled(EMAIL_DELIVERY_JOB));
    await runner.stop({ timeoutMs: 1_000 });
    expect(sent.map((message) => message.to)).toEqual(['now@example.com']);
  });

  it('send an email once when its delivery job runs twice', async () => {
    const { transport, sent } = recordingTransport();
    await startTestRunner(pool, jobs(transport));
    const id = await enqueueVerification(db, 'again@example.com');
    await waitFor(async () => (await outboxRow(db, id)).status === 'sent');
    await enqueue(pool, EMAIL_DELIVERY_JOB, { emailId: id });
    await waitFor(
      async () => (await storedJobs(db, EMAIL_DELIVERY_JOB)).length === 2 && settled(EMAIL_DELIVERY_JOB),
    );
    expect((await storedJobs(db, EMAIL_DELIVERY_JOB)).map((stored) => stored.state)).toEqual([
      'completed',
      'completed',
    ]);
    expect(sent.map((message) => message.to)).toEqual(['again@example.com']);
    expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('are written with the email, in its transaction: none for an email rolled back', async () => {
    await db
      .transaction(async (tx) => {
        await enqueueVerification(tx as unknown as Database, 'rolled-back@example.com');
        tx.rollback();
      })
      .catch(() => {});
    expect(await db.select().from(emailOutbox)).toEqual([]);
    expect(await storedJobs(db, EMAIL_DELIVERY_JOB)).toEqual([]);
  });

  it('keep emails for the dev mailbox when no SMTP server is configured', async () => {
    await startTestRunner(pool, jobs(undefined));
    const id = await enqueueVerification(db, 'kept@example.com');
    await waitFor(async () => (await outboxRow(db, id)).status === 'kept');
    expect(await outboxRow(db, id)).toMatchObject({ attempts: 0, sentAt: null });
  });

  it('let the send in progress finish before the runner stops', async () => {
    let release: () => void = () => {};
    let started = false;
    const { transport } = recordingTransport(async () => {
      started = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const runner = await startTestRunner(pool, jobs(transport));
    const id = await enqueueVerification(db, 'slow@example.com');
    await waitFor(async () => started);
    let stopped = false;
    const stopping = runner.stop({ timeoutMs: 10_000 }).then(() => {
      stopped = true;
    });
    await sleep(300);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await outboxRow(db, id)).status).toBe('sent');
  });
});

describe('email sweep', () => {
  it('hands due emails to delivery jobs: retries, and emails whose job was lost', async () => {
    const { transport, sent } = recordingTransport();
    const list = jobs(transport);
    const retry = await enqueueVerification(db, 'retry@example.com');
    const lost = await enqueueVerification(db, 'lost@example.com');
    const later = await enqueueVerification(db, 'later@example.com');
    await db.execute(sql`delete from pgboss.job`);
    await db
      .update(emailOutbox)
      .set({ attempts: 1, lastError: 'timeout', nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, retry));
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '1 minute'` })
      .where(eq(emailOutbox.id, later));

    await startTestRunner(pool, list, { work: false }); // declares the queues; nothing runs
    await sweep(list);
    await sweep(list); // the next minute's sweep while the jobs still wait: nothing is queued twice
    const queued = await storedJobs(db, EMAIL_DELIVERY_JOB);
    expect(queued.map((stored) => stored.data.emailId).sort()).toEqual([retry, lost].sort());
    expect(queued.every((stored) => stored.singletonKey === stored.data.emailId)).toBe(true);

    await startTestRunner(pool, list);
    await waitFor(async () => sent.length === 2 && settled(EMAIL_DELIVERY_JOB));
    expect(sent.map((message) => message.to).sort()).toEqual(['lost@example.com', 'retry@example.com']);
    expect(await outboxRow(db, retry)).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await outboxRow(db, later)).status).toBe('pending');
  });

  it('is scheduled every minute, the captcha housekeeping every hour and the search’s free time daily, in UTC', async () => {
    await startTestRunner(pool, jobs(undefined), { work: false });
    const schedules = await db.execute(sql`select name, cron, timezone from pgboss.schedule order by name`);
    expect(schedules.rows).toEqual([
      { name: 'captcha.purge-redemptions', cron: '0 * * * *', timezone: 'UTC' },
      { name: 'email.sweep', cron: '* * * * *', timezone: 'UTC' },
      { name: 'search.refresh-free-time', cron: '15 0 * * *', timezone: 'UTC' },
    ]);
  });
});
