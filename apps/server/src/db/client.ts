import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseConnection {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * How long a pool keeps a connection nobody uses (pg's own default is 10 s). Closed that soon, a
 * quiet marketplace's next request opened a new one, 10–60 ms of password exchange and server
 * process start on this project's machines, and planned its statements afresh on it: a search's
 * first run on a new connection took 10–30 ms more than the next (decision 0082). Peak use is still
 * bounded by `max`: a quiet pool only stops giving its connections back so soon.
 */
export const IDLE_CONNECTION_MS = 10 * 60_000;

export function connectDatabase(
  url: string | pg.PoolConfig,
  options: { max?: number; statementTimeoutMs?: number } = {},
): DatabaseConnection {
  const pool = new pg.Pool({
    ...(typeof url === 'string' ? { connectionString: url } : url),
    max: options.max ?? 10,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    ...(options.statementTimeoutMs !== undefined ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // A client that loses its server (restart, failover) must not crash the process, idle or in use:
  // the query in flight fails with its own error instead.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    answerQueriesByCallback(client);
  });
  keepConnectionsOnStatementErrors(pool);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * `pool.query` (every statement Drizzle runs outside a transaction) hands a failed query's error to
 * pg-pool's `release`, which then closes the connection, and its named prepared statements with it:
 * the next statement waits for a new connection and plans everything again (tens of milliseconds;
 * fifty booking requests racing for one slot, 49 of them refused, took ten times as long, decision
 * 0060). A single statement sent with parameters (the extended protocol: named, or with values)
 * that the server refused (`DatabaseError` of severity ERROR: a constraint, a raised exception)
 * leaves the connection idle and ready, so it goes back to the pool. Anything else still closes it:
 * a FATAL error (the server ends the session), a socket error, a timeout; a simple query, whose
 * text may hold several statements and leave a transaction open and failed (pg-boss's maintenance);
 * a prepared statement the server no longer has or can no longer run as planned (26000, 0A000); and
 * a server whose messages are not in English (its severity is translated).
 */
const CLOSING_ERRORS = new Set(['26000', '0A000']);

function keepConnectionsOnStatementErrors(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { name?: string; values?: unknown[] } | undefined;
    const config = typeof first === 'object' ? first : undefined;
    // Callback and submittable forms, and simple queries, are left to pg-pool.
    const values = Array.isArray(args[1]) ? args[1] : config?.values;
    const extended = Boolean(config?.name) || (values?.length ?? 0) > 0;
    if (answersItself(args) || !extended) return query(...args);
    return pool.connect().then(async (client) => {
      try {
        const result = await (client.query as (...queryArgs: unknown[]) => Promise<unknown>)(...args);
        client.release();
        return result;
      } catch (error) {
        const refused =
          error instanceof pg.DatabaseError &&
          error.severity === 'ERROR' &&
          !CLOSING_ERRORS.has(error.code ?? '');
        client.release(refused ? undefined : (error as Error));
        throw error;
      }
    });
  };
}

type QueryFunction = (...args: unknown[]) => unknown;

/** A call with its own callback, or of a submittable (a `Query`, a cursor): it is answered its own way. */
function answersItself(args: unknown[]): boolean {
  const first = args[0] as { submit?: unknown } | null | undefined;
  return typeof args.at(-1) === 'function' || typeof first?.submit === 'function';
}

/**
 * node-postgres's promise form (`await client.query(config, values)`, as Drizzle's transactions and
 * `keepConnectionsOnStatementErrors` call it) makes the query, then assigns its callback. V8 then
 * keeps every such query, with its rows, through two young-generation collections: a loop of
 * 24-row queries promoted 46 KB a query to the old generation, its collections took 7.8 ms instead
 * of 0.6, and a box search promoted 31 KB a request instead of 10. The
 * callback form hands the callback to the query as it is made, which V8 collects young (decision
 * 0076). A call with its own callback, or with a submittable (a `Query`, a cursor), is passed on
 * as it is.
 */
export function answerByCallback(query: QueryFunction): QueryFunction {
  return (...args: unknown[]) => {
    if (answersItself(args)) return query(...args);
    const [config, values] = args;
    return new Promise((resolve, reject) => {
      query(config, values, (error: Error | null, result: unknown) =>
        error ? reject(error) : resolve(result),
      );
    }).catch((error: unknown) => {
      // As node-postgres's promise form does: a stack that leads back to the caller, not to the socket.
      if (error instanceof Error) Error.captureStackTrace(error);
      throw error;
    });
  };
}

function answerQueriesByCallback(client: pg.PoolClient): void {
  // node-postgres's method is looked up on each call, so whatever wraps it later still sees every
  // statement (the tests and the booking bench watch `pg.Client.prototype.query`).
  const prototype = Object.getPrototypeOf(client) as { query: QueryFunction };
  const target = client as unknown as { query: QueryFunction };
  target.query = answerByCallback((...args) => prototype.query.apply(client, args));
}

/**
 * A pool of its own on `db`'s database whose statements PostgreSQL ends after `statementTimeoutMs`
 * (`statement_timeout`, set as each connection opens: no statement more per query). For the
 * requests any visitor can make as costly as they like (the search, decision 0063): a burst of them
 * waits for this pool's few connections, not the app's, and none runs on for long.
 */
export function limitedDatabase(
  db: Database,
  options: { max: number; statementTimeoutMs: number },
): DatabaseConnection {
  return connectDatabase(poolOf(db).options, options);
}

/**
 * A new client on the same database as `db`'s pool, outside the pool: for a connection held open
 * for good (the live updates' LISTEN), which would otherwise take one of the pool's places.
 */
export function dedicatedClient(db: Database): pg.Client {
  return new pg.Client({ ...poolOf(db).options, keepAlive: true });
}

/** The pool under `db`, whose connection settings a new pool or client copies. */
function poolOf(db: Database): pg.Pool {
  const pool = (db as Database & { $client?: pg.Pool }).$client;
  if (!pool?.options) throw new Error('The database has no pool to copy the connection settings from');
  return pool;
}
