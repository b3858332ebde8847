import { type SQL, type SQLChunk, sql } from 'drizzle-orm';

/** A Drizzle database or transaction: anything that executes Drizzle's `sql`. */
export interface DrizzleExecutor {
  execute(query: SQL): PromiseLike<{ rows: unknown[] }>;
}

/**
 * A statement written for node-postgres (`$1`, `$2` parameters, e.g. pg-boss's) as Drizzle `sql`:
 * Drizzle numbers its own parameters, so each `$n` becomes a Drizzle parameter in place. The text
 * must have no `$` in literals or dollar quotes (pg-boss's job statements have none).
 */
export function positionalSql(text: string, values: readonly unknown[] = []): SQL {
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

/** A statement written for node-postgres: `$1`, `$2` … in its text, their values in order. */
export interface PositionalStatement {
  text: string;
  values: readonly unknown[];
}

/**
 * `statement` as Drizzle `sql` whose parameters are placeholders named `${prefix}0`, `${prefix}1` …
 * (for a statement built once and run many times, `preparedStatement`), and the values to fill
 * them with.
 */
export function positionalPlaceholders(
  statement: PositionalStatement,
  prefix: string,
): { query: SQL; values: Record<string, unknown> } {
  const names = statement.values.map((_, i) => `${prefix}${i}`);
  return {
    query: positionalSql(
      statement.text,
      names.map((name) => sql.placeholder(name)),
    ),
    values: positionalValues(statement, prefix),
  };
}

/** `positionalPlaceholders`'s values alone, for a statement already built (no `sql` made again). */
export function positionalValues(statement: PositionalStatement, prefix: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (let i = 0; i < statement.values.length; i += 1) values[`${prefix}${i}`] = statement.values[i];
  return values;
}
