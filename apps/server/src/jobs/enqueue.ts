import PgBoss from 'pg-boss';
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
