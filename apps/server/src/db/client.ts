import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseConnection {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number } = {}): DatabaseConnection {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // A client that loses its server (restart, failover) must not crash the process, idle or in use:
  // the query in flight fails with its own error instead.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * A new client on the same database as `db`'s pool, outside the pool: for a connection held open
 * for good (the live updates' LISTEN), which would otherwise take one of the pool's places.
 */
export function dedicatedClient(db: Database): pg.Client {
  const pool = (db as Database & { $client?: pg.Pool }).$client;
  if (!pool?.options) throw new Error('The database has no pool to copy the connection settings from');
  return new pg.Client({ ...pool.options, keepAlive: true });
}
