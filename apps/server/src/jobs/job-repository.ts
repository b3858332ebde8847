import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { JOBS_SCHEMA } from './schema.ts';

/**
 * Brings every job still waiting to start (new, or waiting for a retry) `ms` milliseconds closer:
 * what moving the clock forward by `ms` means to pg-boss, which compares `start_after` with the
 * database's clock. Jobs under way, finished or failed keep their times, and so does `keep_until`,
 * so no waiting job is pruned by the move.
 */
export async function shiftWaitingJobs(executor: Executor, ms: number): Promise<number> {
  const result = await executor.execute(sql`
    update ${sql.identifier(JOBS_SCHEMA)}.job
    set start_after = start_after - ${ms} * interval '1 millisecond'
    where state in ('created', 'retry')`);
  return result.rowCount ?? 0;
}
