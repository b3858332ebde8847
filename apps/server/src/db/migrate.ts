import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrateJobSchema } from '../jobs/schema.ts';
import { migrationsDir } from '../paths.ts';

/**
 * The key of the session-level advisory lock every instance takes before migrating. Advisory locks
 * are per database, so instances of other apps (or other test databases) on one server never wait
 * for each other.
 */
export const MIGRATION_LOCK_KEY = 727_001_180_405;

/**
 * Applies the committed SQL migrations, then pg-boss's own, on one dedicated connection holding
 * `pg_advisory_lock`: instances starting together migrate one after the other, and the later ones
 * find nothing left to do. Drizzle records what it applied, so this is safe on every start. The lock
 * needs a session of its own (not PgBouncer in transaction mode, see docs/operations.md).
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder: migrationsDir });
    await migrateJobSchema(client);
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } catch (error) {
    // Closing the session releases the lock, and a connection that failed mid-migration is not
    // handed back to the pool.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
  client.release();
}
