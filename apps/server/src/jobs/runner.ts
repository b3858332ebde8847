import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { deadLetterQueue, type JobDefinition } from './definition.ts';
import { bossDb } from './executor.ts';
import { JOBS_SCHEMA } from './schema.ts';

export interface JobRunnerOptions {
  /** The app's pool: pg-boss polls and records outcomes through it. */
  pool: pg.Pool;
  jobs: readonly JobDefinition[];
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /**
   * false (a web-only process): the queues are declared, so this process can send jobs, but it
   * runs none, and leaves cron schedules and pg-boss's maintenance to the processes that do.
   */
  work: boolean;
  /** How often an idle worker looks for jobs. Default 2 s; pg-boss allows 0.5 s at least. */
  pollingIntervalSeconds?: number;
}

export interface JobRunner {
  /**
   * Stops fetching, waits up to `timeoutMs` for the jobs in progress, then hands the unfinished ones
   * back to the queue as failed attempts (they are retried, by this or another process).
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * Transaction-level advisory lock key under which instances declare their queues, one at a time.
 * pg-boss creates a queue's partition and foreign keys in the transaction that inserts it into
 * `queue`; two such transactions each wait for the other's lock on `queue` (a deadlock), so two
 * instances starting together (or a release adding queues while others run) must not overlap.
 */
const QUEUE_DECLARATION_LOCK_KEY = 727_001_180_406;

/**
 * Declares each job's queue (and dead-letter queue) with the job's current options, and its
 * schedule, in one transaction under `QUEUE_DECLARATION_LOCK_KEY`.
 */
async function declareQueues(pool: pg.Pool, jobs: readonly JobDefinition[]): Promise<void> {
  const client = await pool.connect();
  const boss = new PgBoss({ db: bossDb(client), schema: JOBS_SCHEMA });
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [QUEUE_DECLARATION_LOCK_KEY]);
    for (const job of jobs) {
      const deadLetter = job.deadLetter === false ? undefined : deadLetterQueue(job.name);
      if (deadLetter) await boss.createQueue(deadLetter, { name: deadLetter });
      const queue: PgBoss.Queue = {
        name: job.name,
        policy: job.policy ?? 'standard',
        retryLimit: job.retry.limit,
        retryDelay: job.retry.delaySeconds,
        retryBackoff: job.retry.backoff,
        ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
        ...(deadLetter ? { deadLetter } : {}),
      };
      await boss.createQueue(job.name, queue);
      // createQueue leaves an existing queue as it was; a release that changes the options applies them.
      await boss.updateQueue(job.name, queue);
      if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
      else await boss.unschedule(job.name);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Starts pg-boss on the app's database, declares every job's queue and, when `work`, runs the jobs.
 * The schema must exist already: `runMigrations` creates and upgrades it under the migration lock.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { jobs, logger, work } = options;
  await declareQueues(options.pool, jobs);
  const boss = new PgBoss({
    db: bossDb(options.pool),
    schema: JOBS_SCHEMA,
    migrate: false,
    supervise: work,
    schedule: work,
    ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
  });
  // pg-boss reports failed polls and maintenance here; without a listener they would crash the process.
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const running = new Set<Promise<void>>();

  /** Records each job's outcome on its own, so one failing job in a batch never fails the others. */
  async function runBatch(job: JobDefinition, batch: PgBoss.JobWithMetadata<object>[]): Promise<void> {
    for (const item of batch) {
      try {
        await job.handle(item.data, { id: item.id, retryCount: item.retryCount });
        await boss.complete(job.name, item.id);
      } catch (error) {
        const last = item.retryCount >= item.retryLimit;
        const log = { err: error, job: job.name, jobId: item.id, attempt: item.retryCount + 1 };
        if (last && job.deadLetter !== false)
          logger.error(
            { ...log, data: item.data, deadLetter: deadLetterQueue(job.name) },
            'job failed for good; it is kept in its dead-letter queue',
          );
        else if (last) logger.error({ ...log, data: item.data }, 'job failed for good');
        else logger.warn(log, 'job failed; it will be retried');
        await boss.fail(job.name, item.id, error instanceof Error ? error : { message: String(error) });
      }
    }
  }

  try {
    if (work) {
      for (const job of jobs) {
        await boss.work<object>(
          job.name,
          { batchSize: job.batchSize ?? 1, includeMetadata: true },
          (batch) => {
            const run = runBatch(job, batch);
            running.add(run);
            return run.finally(() => running.delete(run));
          },
        );
      }
    }
  } catch (error) {
    await boss.stop({ graceful: false, close: false });
    throw error;
  }

  return {
    async stop({ timeoutMs = 8_000 } = {}) {
      // Elapsed time, not the time of day: the monotonic timer, which no clock setting moves.
      const deadline = performance.now() + timeoutMs;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
      // A poll that was under way when stopping began may still have handed over jobs.
      const remaining = deadline - performance.now();
      if (running.size > 0 && remaining > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((resolve) => {
            timer = setTimeout(resolve, remaining);
          }),
        ]);
        clearTimeout(timer);
      }
    },
  };
}
