import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

/**
 * Where a repository runs its statements: the pool's database, or a transaction opened on it. Every
 * repository takes one, so a use case that writes through several repositories can hand them all
 * the same transaction (see `withTransaction`).
 */
export type Executor = PgDatabase<
  NodePgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;

/**
 * The unit of work: runs `work` in one database transaction, committed when it resolves and rolled
 * back when it throws. Usage:
 *
 *   await withTransaction(db, async (tx) => {
 *     const accounts = accountRepository(tx);
 *     await accounts.updateUser(userId, { pendingEmail });
 *     await enqueueEmail(tx, { ... }); // the email (and its delivery job) commit with the change
 *   });
 *
 * Called with a transaction, it nests (a savepoint): an inner failure the caller catches undoes
 * only the inner work. Keep network calls (SMTP, payment providers) outside: a transaction holds a
 * pooled connection and its row locks until it ends.
 */
export function withTransaction<T>(executor: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return executor.transaction(work);
}
