import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/client.ts';
import { deadLetterQueue, enqueue, enqueueAll, type JobDefinition } from '../src/jobs/index.ts';
import { createTestDatabase } from './database.ts';
import { waitFor } from './email-fixtures.ts';
import { recordingLogger, sleep, startTestRunner, storedJobs } from './jobs.ts';

const database = await createTestDatabase();
const { db, pool } = database;

const NO_RETRY = { limit: 0, delaySeconds: 0, backoff: false };

/** A job that records the payloads it ran, after `behaviour` (a delay, a throw) has run. */
function recordingJob(
  name: string,
  behaviour: (data: { n: number }) => Promise<void> = async () => {},
  options: Partial<JobDefinition<{ n: number }>> = {},
) {
  const ran: number[] = [];
  const job: JobDefinition<{ n: number }> = {
    name,
    retry: NO_RETRY,
    ...options,
    async handle(data) {
      await behaviour(data);
      ran.push(data.n);
    },
  };
  return { job, ran };
}

/** A second pool on the same database: another server instance. */
function anotherInstance() {
  const connection = connectDatabase(database.url, { max: 4 });
  afterAll(() => connection.close());
  return connection;
}

// Each test has queues of its own, so they run side by side: most of their time is waiting.
describe.concurrent('enqueue', () => {
  it('queues a job sent in a transaction only if the transaction commits', async () => {
    const { job, ran } = recordingJob('test.transactional');
    await startTestRunner(pool, [job]);

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await enqueue(client, job.name, { n: 1 });
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      await enqueue(client, job.name, { n: 2 });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    // Through Drizzle too: the executor the repositories hold.
    await db
      .transaction(async (tx) => {
        await enqueue(tx, job.name, { n: 3 });
        tx.rollback();
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      await enqueue(tx, job.name, { n: 4 });
    });

    await waitFor(async () => ran.length === 2);
    await sleep(1_000); // a poll or two more: nothing else turns up
    expect(ran.sort()).toEqual([2, 4]);
    expect((await storedJobs(db, job.name)).map((stored) => stored.data.n).sort()).toEqual([2, 4]);
  });
});

describe.concurrent('enqueueAll', () => {
  it('queues jobs of several queues in one statement, delayed ones on the given moment, only on commit', async () => {
    const first = recordingJob('test.all-first');
    const second = recordingJob('test.all-second');
    await startTestRunner(pool, [first.job, second.job], { work: false });
    const later = new Date(Date.UTC(2030, 0, 1, 12));
    await db
      .transaction(async (tx) => {
        await enqueueAll(tx, [{ name: first.job.name, data: { n: 1 } }]);
        tx.rollback();
      })
      .catch(() => {});
    const queued = await db.transaction((tx) =>
      enqueueAll(tx, [
        { name: first.job.name, data: { n: 2 } },
        { name: second.job.name, data: { n: 3 }, startAfter: later },
        { name: second.job.name, data: { n: 4 } },
      ]),
    );
    expect(queued).toBe(3);
    expect((await storedJobs(db, first.job.name)).map((stored) => stored.data.n)).toEqual([2]);
    expect((await storedJobs(db, second.job.name)).map((stored) => stored.data.n).sort()).toEqual([3, 4]);
    const delayed = await db.execute(sql`
      select start_after from pgboss.job where name = ${second.job.name} and data->>'n' = '3'`);
    expect(new Date((delayed.rows[0] as { start_after: string }).start_after)).toEqual(later);
  });

  it('says so when a queue was never declared: fewer jobs queued than asked', async () => {
    const declared = recordingJob('test.all-declared');
    await startTestRunner(pool, [declared.job], { work: false });
    const queued = await enqueueAll(db, [
      { name: declared.job.name, data: { n: 1 } },
      { name: 'test.all-never-declared', data: { n: 2 } },
    ]);
    expect(queued).toBe(1);
  });
});

describe.concurrent('job runner', () => {
  it('runs a job that fell due while no worker was running once a worker starts again', async () => {
    const { job, ran } = recordingJob('test.delayed');
    const first = await startTestRunner(pool, [job]);
    await enqueue(pool, job.name, { n: 1 }, { startAfter: 1 });
    await first.stop({ timeoutMs: 1_000 });

    await sleep(1_500); // the job falls due while the server is down
    expect(ran).toEqual([]);
    expect((await storedJobs(db, job.name)).map((stored) => stored.state)).toEqual(['created']);

    await startTestRunner(anotherInstance().pool, [job]);
    await waitFor(async () => ran.length === 1);
    expect(ran).toEqual([1]);
    await waitFor(async () => (await storedJobs(db, job.name))[0]?.state === 'completed');
  });

  it('starts two instances at once, both declaring the same new queues', async () => {
    const jobs = () => ['test.new-a', 'test.new-b', 'test.new-c'].map((name) => recordingJob(name).job);
    await Promise.all([
      startTestRunner(anotherInstance().pool, jobs()),
      startTestRunner(anotherInstance().pool, jobs()),
    ]);
    const queues = await db.execute(
      sql`select name from pgboss.queue where name like 'test.new-%' order by name`,
    );
    expect(queues.rows.map((row) => row.name)).toEqual([
      'test.new-a',
      'test.new-a.dead-letter',
      'test.new-b',
      'test.new-b.dead-letter',
      'test.new-c',
      'test.new-c.dead-letter',
    ]);
  });

  it('never runs one job on two workers at once', async () => {
    const byWorker = [recordingJob('test.shared', () => sleep(2), { batchSize: 10 })];
    byWorker.push(recordingJob('test.shared', () => sleep(2), { batchSize: 10 }));
    await startTestRunner(anotherInstance().pool, [byWorker[0]!.job]);
    await startTestRunner(anotherInstance().pool, [byWorker[1]!.job]);
    const count = 80;
    for (let n = 0; n < count; n += 1) await enqueue(pool, 'test.shared', { n });

    const ran = () => [...byWorker[0]!.ran, ...byWorker[1]!.ran];
    await waitFor(async () => ran().length >= count, 20_000);
    await sleep(1_000);
    expect(ran()).toHaveLength(count);
    expect(new Set(ran()).size).toBe(count);
    expect(byWorker[0]!.ran.length).toBeGreaterThan(0);
    expect(byWorker[1]!.ran.length).toBeGreaterThan(0);
  });

  it('retries a job that throws, waiting longer each time, then keeps it in its dead-letter queue', async () => {
    const attempts: number[] = [];
    const job: JobDefinition<{ bookingId: string }> = {
      name: 'test.failing',
      retry: { limit: 2, delaySeconds: 1, backoff: true },
      async handle() {
        attempts.push(Date.now());
        throw new Error('payment provider unavailable');
      },
    };
    const { logger, lines } = recordingLogger();
    await startTestRunner(pool, [job], { logger });
    await enqueue(pool, job.name, { bookingId: 'b-42' });

    await waitFor(async () => (await storedJobs(db, deadLetterQueue(job.name))).length === 1, 15_000);
    expect(attempts).toHaveLength(3);
    const [firstWait, secondWait] = [attempts[1]! - attempts[0]!, attempts[2]! - attempts[1]!];
    expect(firstWait).toBeGreaterThanOrEqual(1_000);
    // Backoff: the second wait is drawn from twice the first wait's range.
    expect(secondWait).toBeGreaterThanOrEqual(2_000);

    const [failed] = await storedJobs(db, job.name);
    expect(failed).toMatchObject({ state: 'failed', retryCount: 2, data: { bookingId: 'b-42' } });
    const [dead] = await storedJobs(db, deadLetterQueue(job.name));
    expect(dead).toMatchObject({
      state: 'created',
      data: { bookingId: 'b-42' },
      output: { message: 'payment provider unavailable' },
    });
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.fields.attempt)).toEqual([1, 2]);
    expect(lines.filter((line) => line.level === 'error')).toEqual([
      expect.objectContaining({
        message: 'job failed for good; it is kept in its dead-letter queue',
        fields: expect.objectContaining({
          job: 'test.failing',
          attempt: 3,
          data: { bookingId: 'b-42' },
          deadLetter: 'test.failing.dead-letter',
        }),
      }),
    ]);
  });

  it('keeps running other jobs after one throws', async () => {
    const { job, ran } = recordingJob(
      'test.some-fail',
      async ({ n }) => {
        if (n % 2 === 0) throw new Error(`job ${n} broke`);
      },
      { batchSize: 4 },
    );
    await startTestRunner(pool, [job]);
    for (let n = 1; n <= 6; n += 1) await enqueue(pool, job.name, { n });
    // A batch's jobs come in no particular order: wait for all six outcomes.
    const settled = async () =>
      (await storedJobs(db, job.name)).every((stored) => ['completed', 'failed'].includes(stored.state));
    await waitFor(async () => ran.length === 3 && (await settled()));
    expect(ran.sort()).toEqual([1, 3, 5]);
    expect((await storedJobs(db, deadLetterQueue(job.name))).map((dead) => dead.data.n).sort()).toEqual([
      2, 4, 6,
    ]);
    const states = (await storedJobs(db, job.name)).map((stored) => [stored.data.n, stored.state]);
    expect(states.sort()).toEqual([
      [1, 'completed'],
      [2, 'failed'],
      [3, 'completed'],
      [4, 'failed'],
      [5, 'completed'],
      [6, 'failed'],
    ]);
  });

  it('lets a running job finish before stop() resolves', async () => {
    let release: () => void = () => {};
    const { job, ran } = recordingJob(
      'test.slow',
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const runner = await startTestRunner(pool, [job]);
    await enqueue(pool, job.name, { n: 1 });
    await waitFor(async () => (await storedJobs(db, job.name))[0]?.state === 'active');

    let stopped = false;
    const stopping = runner.stop({ timeoutMs: 10_000 }).then(() => {
      stopped = true;
    });
    await sleep(300);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ran).toEqual([1]);
    expect((await storedJobs(db, job.name))[0]?.state).toBe('completed');
  });

  it('hands a job still running at the shutdown timeout back to the queue for a retry', async () => {
    let release: () => void = () => {};
    const { job } = recordingJob(
      'test.stuck',
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      { retry: { limit: 1, delaySeconds: 0, backoff: false } },
    );
    const runner = await startTestRunner(pool, [job]);
    await enqueue(pool, job.name, { n: 1 });
    await waitFor(async () => (await storedJobs(db, job.name))[0]?.state === 'active');

    await runner.stop({ timeoutMs: 1_000 });
    expect((await storedJobs(db, job.name))[0]).toMatchObject({
      state: 'retry',
      output: { value: 'pg-boss shut down while active' },
    });
    release();
  });

  it('in a web-only process, declares the queues so jobs can be sent, and runs none', async () => {
    const { job, ran } = recordingJob('test.elsewhere', async () => {}, { schedule: '*/5 * * * *' });
    await startTestRunner(pool, [job], { work: false });
    expect(await enqueue(pool, job.name, { n: 1 })).toEqual(expect.any(String));
    await sleep(1_200);
    expect(ran).toEqual([]);
    const schedules = await db.execute(sql`select name, cron, timezone from pgboss.schedule`);
    expect(schedules.rows).toContainEqual({ name: 'test.elsewhere', cron: '*/5 * * * *', timezone: 'UTC' });
  });
});
