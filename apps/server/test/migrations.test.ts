import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await database.db.execute(query);
  return result.rows as T[];
}

describe('migrations', () => {
  it('install btree_gist and unaccent', async () => {
    const extensions = await rows<{ extname: string }>(
      sql`select extname from pg_extension order by extname`,
    );
    expect(extensions.map((row) => row.extname)).toEqual(expect.arrayContaining(['btree_gist', 'unaccent']));
  });

  it('create an accent-insensitive Spanish text-search configuration', async () => {
    const [row] = await rows<{ lexemes: string; matches: boolean; stemmed: boolean }>(sql`
      select to_tsvector('hora_spanish', 'Cafetería con cocina amplísima')::text as lexemes,
             to_tsvector('hora_spanish', 'Cafetería') @@ plainto_tsquery('hora_spanish', 'cafeteria') as matches,
             to_tsvector('hora_spanish', 'cocinas') @@ plainto_tsquery('hora_spanish', 'COCINA') as stemmed`);
    expect(row?.matches).toBe(true);
    expect(row?.stemmed).toBe(true);
    expect(row?.lexemes).not.toMatch(/[áéíóú]/);
  });

  it('provide an immutable unaccent usable in index expressions', async () => {
    const [row] = await rows<{ folded: string; volatility: string }>(sql`
      select hora_unaccent('Ñandú Médico') as folded,
             (select provolatile from pg_proc where proname = 'hora_unaccent') as volatility`);
    expect(row).toEqual({ folded: 'Nandu Medico', volatility: 'i' });
    await database.db.execute(sql`create table unaccent_probe (title text)`);
    await database.db.execute(sql`create index on unaccent_probe (hora_unaccent(title))`);
  });

  it('can be applied again without changing anything', async () => {
    const before = await rows<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    await runMigrations(database.db);
    const after = await rows<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(after).toEqual(before);
    expect(before[0]!.count).toBeGreaterThanOrEqual(2);
  });
});
