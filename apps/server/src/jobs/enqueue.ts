import PgBoss from 'pg-boss';
import { type DrizzleExecutor, type PositionalStatement, positionalSql } from '../db/positional-sql.ts';
import { bossDb, type JobExecutor } from './executor.ts';
import { JOBS_SCHEMA } from './schema.ts';

export interface EnqueueOptions {
  /** When the job may start: a moment, or a number of seconds from now on the database's clock. */
  startAfter?: Date | number;
  /** On a `short` queue, no second job with this key is queued while one waits. */
  singletonKey?: string;
}

let sender: PgBoss | undefined;

/**
 * pg-boss builds the statements; every job is written through the caller's executor, so this
 * instance never connects anywhere and needs no start.
 */
function jobSender(): PgBoss {
  sender ??= new PgBoss({
    schema: JOBS_SCHEMA,
    db: { executeSql: () => Promise.reject(new Error('Jobs are written through an executor')) },
  });
  return sender;
}

/**
 * Queues a job through `executor`: pass the transaction of the change the job follows from, and the
 * job exists if and only if that change commits. Returns the job's id, or null when nothing was
 * queued (a job with the same `singletonKey` is waiting, or the queue was never declared: every
 * process declares its queues when it starts, see `startJobRunner`).
 */
export function enqueue<Data extends object>(
  executor: JobExecutor,
  name: string,
  data: Data,
  options: EnqueueOptions = {},
): Promise<string | null> {
  return jobSender().send(name, data, { ...options, db: bossDb(executor) });
}

/** Queues several jobs of one queue in one statement, like `enqueue`. */
export async function enqueueMany<Data extends object>(
  executor: JobExecutor,
  name: string,
  jobs: readonly { data: Data; singletonKey?: string }[],
): Promise<void> {
  if (jobs.length === 0) return;
  await jobSender().insert(
    jobs.map((job) => ({ name, ...job })),
    { db: bossDb(executor) },
  );
}

/** A job of `enqueueAll`: any queue, optionally delayed to a moment on the database's clock. */
export interface JobToQueue {
  name: string;
  data: object;
  startAfter?: Date;
  /** On a queue of the `short` policy: while a job with this key waits, another is not queued. */
  singletonKey?: string;
}

/**
 * pg-boss's statement queueing `jobs` (its `insert`, built but not run), with `returning id` added
 * (pg-boss's own `insert` does not say what it wrote), as Drizzle `sql`: run it alone
 * (`enqueueAll`) or as a `with` part of a larger statement. Each returned id is a queued job;
 * fewer ids than jobs means a queue was never declared (pg-boss joins each job with its queue).
 */
export function jobsInsertSql(jobs: readonly JobToQueue[]): ReturnType<typeof positionalSql> {
  const statement = jobsInsertStatement(jobs);
  return positionalSql(statement.text, statement.values);
}

/** `jobsInsertSql`'s statement as text and values (its text is the same for any jobs). */
export function jobsInsertStatement(jobs: readonly JobToQueue[]): PositionalStatement {
  let statement: PositionalStatement | undefined;
  // pg-boss's `insert` awaits nothing before it hands the statement to `executeSql`.
  void jobSender().insert(
    jobs.map((job) => ({
      name: job.name,
      data: job.data,
      ...(job.startAfter ? { startAfter: job.startAfter.toISOString() } : {}),
      ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
    })),
    {
      db: {
        executeSql: async (text: string, values: unknown[]) => {
          statement = { text, values };
          return { rows: [] };
        },
      },
    },
  );
  if (!statement) throw new Error('pg-boss built no statement for the jobs');
  return { text: `${statement.text} returning id`, values: statement.values };
}

/**
 * Queues jobs of several queues in one statement (one round trip instead of one per job), like
 * `enqueue` through the caller's executor. Returns how many were queued: fewer than asked when a
 * queue was never declared, which the caller may treat as a failure.
 */
export async function enqueueAll(executor: DrizzleExecutor, jobs: readonly JobToQueue[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const result = await executor.execute(jobsInsertSql(jobs));
  return result.rows.length;
}
