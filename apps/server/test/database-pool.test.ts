import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, IDLE_CONNECTION_MS, limitedDatabase } from '../src/db/client.ts';
import { executePreparedUpTo, namedStatement, preparedTexts } from '../src/db/prepared.ts';
import { createTestDatabase } from './database.ts';

/**
 * The pool keeps a connection whose statement the server refused, with its prepared statements
 * (decision 0060), and replaces one that broke.
 */
const database = await createTestDatabase();
const connection = connectDatabase(database.url, { max: 1 });
afterAll(() => connection.close());

const backend = namedStatement(sql`select pg_backend_pid() as pid, ${sql.placeholder('n')}::int as n`);

async function pid(): Promise<number> {
  const result = await backend.run(connection.db, { n: 1 });
  return (result.rows[0] as { pid: number }).pid;
}

/** How many of this connection's prepared statements the server holds. */
async function prepared(): Promise<number> {
  const result = await connection.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_prepared_statements`,
  );
  return result.rows[0]?.n as number;
}

describe('the database pool', () => {
  it('keeps the connection, prepared statements and all, after a statement the server refused', async () => {
    const before = await pid();
    const kept = await prepared();
    expect(kept).toBeGreaterThan(0);
    // Statements with parameters, as every repository's: one statement each, ending idle.
    await expect(connection.db.execute(sql`select 1 / ${0}::int`)).rejects.toThrow();
    await expect(connection.db.execute(sql`select hora_jobs_queued(${1}, ${2})`)).rejects.toThrow();
    expect(await pid()).toBe(before);
    expect(await prepared()).toBe(kept);
  });

  it('replaces a connection whose failed text of several statements left a transaction open', async () => {
    const before = await pid();
    await expect(connection.db.execute(sql`begin; select 1 / 0`)).rejects.toThrow();
    // Kept, the connection would answer 25P02 (in a failed transaction) to everything.
    const after = await pid();
    expect(after).not.toBe(before);
  });

  it('replaces a connection that broke, and the next statement runs on a new one', async () => {
    const before = await pid();
    await expect(connection.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`)).rejects.toThrow();
    const after = await pid();
    expect(after).not.toBe(before);
  });

  it('answers a client’s promise-form query through its callback form (decision 0076)', async () => {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    // A pool of its own, whose client is made (and adapted) while node-postgres's method is watched.
    const watched = connectDatabase(database.url, { max: 1 });
    try {
      const client = await watched.pool.connect();
      try {
        const result = await client.query('select $1::int as n', [7]);
        expect(result.rows).toEqual([{ n: 7 }]);
        expect(query).toHaveBeenLastCalledWith('select $1::int as n', [7], expect.any(Function));
        await expect(client.query('select 1 / $1::int', [0])).rejects.toThrow(/division by zero/);
      } finally {
        client.release();
      }
    } finally {
      query.mockRestore();
      await watched.close();
    }
  });

  it('keeps an idle connection, its plans with it, for minutes rather than pg’s ten seconds (decision 0082)', async () => {
    const search = limitedDatabase(connection.db, { max: 1, statementTimeoutMs: 1000 });
    try {
      for (const pool of [connection.pool, search.pool]) await pool.query('select 1');
      // Only the pools' timers are faked: each idle connection's is set as it goes back to its pool.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const before = await pid();
      await search.pool.query('select 1');
      vi.advanceTimersByTime(60_000);
      expect([connection.pool.idleCount, search.pool.idleCount]).toEqual([1, 1]);
      expect(await pid()).toBe(before);
      vi.advanceTimersByTime(IDLE_CONNECTION_MS);
      expect([connection.pool.totalCount, search.pool.totalCount]).toEqual([0, 0]);
    } finally {
      vi.useRealTimers();
      await search.close();
    }
  });

  it('keeps prepared only the first texts a caller admits, and runs the others unnamed', async () => {
    // Decision 0061: a statement of many shapes must not leave every shape's plan on each connection.
    const texts = preparedTexts(2);
    const before = await prepared();
    for (const shape of [1, 2, 3, 4, 1, 3]) {
      const result = await executePreparedUpTo(
        connection.db,
        sql`select ${sql.raw(String(shape))} + ${shape}::int as n`,
        texts,
      );
      expect(result.rows).toEqual([{ n: 2 * shape }]);
    }
    expect(await prepared()).toBe(before + 2);
  });
});
