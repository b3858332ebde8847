import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './executor.ts';

/**
 * A read that runs on every page view, built once per executor and kept as a named prepared
 * statement (`.prepare(name)` inside `build`): neither drizzle builds its SQL again nor PostgreSQL
 * parses and plans it again on a connection that ran it before. Measured on a listing with its
 * author: 1.4 ms built each time, 0.6 ms prepared. The pool's database keeps its statements for
 * the process; a transaction's go with it.
 *
 *   const listingById = preparedFor((db) =>
 *     db.select().from(listings).where(eq(listings.id, sql.placeholder('id'))).prepare('listing_by_id'),
 *   );
 *   await listingById(db).execute({ id });
 */
export function preparedFor<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  const statements = new WeakMap<Executor, Q>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Runs a statement whose text is the same from call to call (its values apart) as a named prepared
 * statement on its connection, like `executor.execute(query)` otherwise: PostgreSQL parses and plans
 * it once per connection instead of on every call. For the booking's writes, whose planning cost
 * more than running them (decision 0052: 0.6 ms of the request's insert's 2.2 ms). The name comes
 * from the text, so a statement whose shape varies (an optional part) is a few named statements.
 */
export async function executePrepared(executor: Executor, query: SQL): Promise<{ rows: unknown[] }> {
  const built = dialect.sqlToQuery(query);
  return run(executor, built, statementName(built.sql), {});
}

/**
 * The texts one caller may keep prepared (`executePreparedUpTo`): the first `max` distinct ones.
 * A prepared statement's plans stay in each connection's server process until it closes (a date
 * search's generic plan holds about 1.3 MB), so a statement of many shapes must not prepare them
 * all: a client cycling through every shape would make each connection hold every plan.
 */
export function preparedTexts(max: number): { admits(text: string): boolean } {
  const texts = new Set<string>();
  return {
    admits(text) {
      if (texts.has(text)) return true;
      if (texts.size >= max) return false;
      texts.add(text);
      return true;
    },
  };
}

/**
 * `executePrepared` for a text the caller's `texts` admit; any other text runs unnamed, parsed and
 * planned on each call as `executor.execute(query)` does.
 */
export async function executePreparedUpTo(
  executor: Executor,
  query: SQL,
  texts: ReturnType<typeof preparedTexts>,
): Promise<{ rows: unknown[] }> {
  const built = dialect.sqlToQuery(query);
  if (!texts.admits(built.sql)) return executor.execute(query);
  return run(executor, built, statementName(built.sql), {});
}

/**
 * The text of a piece of SQL that holds no values, built once where it is kept (a date search's
 * condition, decision 0067) and put back with `sql.raw`.
 */
export function sqlText(query: SQL): string {
  const built = dialect.sqlToQuery(query);
  if (built.params.length > 0) throw new Error('SQL text with values');
  return built.sql;
}

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `h_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    // Texts vary only by shape, a few per statement; a bound all the same.
    if (statementNames.size >= 1000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

async function run(
  executor: Executor,
  built: Query,
  name: string,
  values: Record<string, unknown>,
): Promise<{ rows: unknown[] }> {
  const result = await executor._.session.prepareQuery(built, undefined, name, false).execute(values);
  return result as { rows: unknown[] };
}

/**
 * A statement with placeholders (`sql.placeholder(name)`) built once, then run with their values on
 * any executor as a named prepared statement: Drizzle does not build it again, nor PostgreSQL parse
 * and plan it again on a connection that ran it before (the booking request's insert, decision 0052).
 */
export function namedStatement(query: SQL): {
  run(executor: Executor, values: Record<string, unknown>): Promise<{ rows: unknown[] }>;
} {
  const built = dialect.sqlToQuery(query);
  const name = statementName(built.sql);
  return { run: (executor, values) => run(executor, built, name, values) };
}
