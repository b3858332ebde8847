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
  keepConnectionsOnStatementErrors(pool);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * `pool.query` (every statement Drizzle runs outside a transaction) hands a failed query's error to
 * pg-pool's `release`, which then closes the connection, and its named prepared statements with it:
 * the next statement waits for a new connection and plans everything again (tens of milliseconds;
 * fifty booking requests racing for one slot, 49 of them refused, took ten times as long, decision
 * 0060). An error the server reported for a statement (`DatabaseError`: a constraint, a raised
 * exception) leaves the connection ready for the next one, so it goes back to the pool; any other
 * error (the socket, a timeout) still closes it. A server that closes the connection after its error
 * (a shutdown) leaves it unusable, and pg-pool does not keep an unusable client.
 */
function keepConnectionsOnStatementErrors(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    // Callback and submittable forms are left to pg-pool.
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') return query(...args);
    return pool.connect().then(async (client) => {
      try {
        const result = await (client.query as (...queryArgs: unknown[]) => Promise<unknown>)(...args);
        client.release();
        return result;
      } catch (error) {
        const refused = error instanceof pg.DatabaseError && error.severity === 'ERROR';
        client.release(refused ? undefined : (error as Error));
        throw error;
      }
    });
  };
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
