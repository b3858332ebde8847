import type PgBoss from 'pg-boss';
import { type DrizzleExecutor, positionalSql } from '../db/positional-sql.ts';

/** node-postgres's pool, a client (inside BEGIN … COMMIT or not), anything with its `query`. */
export interface SqlRunner {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Where a job is written: the pool, or the transaction of the change the job follows from, so the
 * job commits with that change or not at all.
 */
export type JobExecutor = SqlRunner | DrizzleExecutor;

/** The `db` option pg-boss takes to run a statement on a connection it does not own. */
export function bossDb(executor: JobExecutor): PgBoss.Db {
  // Checked first: a Drizzle database also has a `query` property (its relational queries).
  if ('execute' in executor)
    return { executeSql: async (text, values) => executor.execute(positionalSql(text, values)) };
  return { executeSql: (text, values) => executor.query(text, values) };
}
