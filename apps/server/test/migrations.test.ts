import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { JOBS_SCHEMA } from '../src/jobs/schema.ts';
import { migrationsDir } from '../src/paths.ts';
import { createEmptyTestDatabase, createTestDatabase } from './database.ts';

const database = await createTestDatabase();

async function rows<T>(query: ReturnType<typeof sql>, db: Database = database.db): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/**
 * What drizzle must have recorded, read from the committed files rather than from drizzle: one row
 * per journal entry, its `created_at` the entry's `when`, its hash the SHA-256 of the entry's SQL.
 */
function committedMigrations(): { hash: string; createdAt: string }[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => ({
    hash: createHash('sha256')
      .update(readFileSync(path.join(migrationsDir, `${entry.tag}.sql`), 'utf8'))
      .digest('hex'),
    createdAt: String(entry.when),
  }));
}

async function appliedMigrations(db: Database = database.db) {
  return rows<{ hash: string; createdAt: string }>(
    sql`select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by id`,
    db,
  );
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

  it("record every committed migration once, in the journal's order", async () => {
    expect(committedMigrations().length).toBeGreaterThan(0);
    expect(await appliedMigrations()).toEqual(committedMigrations());
  });

  it('can be applied again without changing anything', async () => {
    await runMigrations(database.pool);
    expect(await appliedMigrations()).toEqual(committedMigrations());
  });

  it('install the job queue schema of the pg-boss version in use', async () => {
    const [row] = await rows<{ version: number }>(
      sql`select version from ${sql.identifier(JOBS_SCHEMA)}.version`,
    );
    const installed = createRequire(import.meta.url)('pg-boss/version.json') as { schema: number };
    expect(row?.version).toBe(installed.schema);
  });
});

describe('migrations started by two instances at once', () => {
  it('are applied once, both instances starting successfully', async () => {
    const fresh = await createEmptyTestDatabase();
    const first = connectDatabase(fresh.url, { max: 1 });
    const second = connectDatabase(fresh.url, { max: 1 });
    try {
      await Promise.all([runMigrations(first.pool), runMigrations(second.pool)]);
      expect(await appliedMigrations(fresh.db)).toEqual(committedMigrations());
      const locksLeft = await rows<{ count: number }>(
        sql`select count(*)::int as count from pg_locks where locktype = 'advisory' and database =
          (select oid from pg_database where datname = current_database())`,
        fresh.db,
      );
      expect(locksLeft).toEqual([{ count: 0 }]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
