import { type SQL, type SQLChunk, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';

/** node-postgres's pool, a client (inside BEGIN … COMMIT or not), anything with its `query`. */
export interface SqlRunner {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A Drizzle database or transaction: anything that executes Drizzle's `sql`. */
export interface DrizzleExecutor {
  execute(query: SQL): PromiseLike<{ rows: unknown[] }>;
}

/**
 * Where a job is written: the pool, or the transaction of the change the job follows from, so the
 * job commits with that change or not at all.
 */
export type JobExecutor = SqlRunner | DrizzleExecutor;

/**
 * pg-boss's statements number their parameters (`$1`); Drizzle numbers its own, so each `$n` becomes
 * a Drizzle parameter in place. pg-boss's job statements have no `$` in literals or dollar quotes.
 */
function toDrizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQLChunk[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql.param(values[Number(match[1]) - 1] ?? null));
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** The `db` option pg-boss takes to run a statement on a connection it does not own. */
export function bossDb(executor: JobExecutor): PgBoss.Db {
  // Checked first: a Drizzle database also has a `query` property (its relational queries).
  if ('execute' in executor)
    return { executeSql: async (text, values) => executor.execute(toDrizzleSql(text, values)) };
  return { executeSql: (text, values) => executor.query(text, values) };
}
