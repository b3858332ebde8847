import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../src/paths.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, type HostingApp, signUp } from './listings.ts';
import { storeListings } from './search.ts';

/**
 * Migration 0026 fills the point and `box_indexed` of the text copies it finds: it must write what
 * the copy's trigger writes (decision 0062), for texts that fit in the box index and one that does
 * not.
 */

const database = await createTestDatabase();
let hosting: HostingApp;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
});

/** The migration's statement that fills the new columns. */
async function fillStatement(): Promise<string> {
  const text = await readFile(path.join(migrationsDir, '0026_search_text_box.sql'), 'utf8');
  const update = text.split('--> statement-breakpoint').find((part) => part.trim().startsWith('UPDATE'));
  expect(update).toBeDefined();
  return update as string;
}

const copies = async () =>
  (
    await database.db.execute(
      sql`select listing_id, latitude, longitude, box_indexed from listing_search_text order by listing_id`,
    )
  ).rows;

describe('migration 0026 (the text copy’s point and box index)', () => {
  it('fills from the listings what the copy’s trigger writes', async () => {
    const host = await signUp(hosting.app, { firstName: 'Iker', lastName: 'Etxeberria' });
    const long = Array.from({ length: 900 }, (_, i) => `zq${(i * 7919).toString(36)}`)
      .join(' ')
      .slice(0, 5000);
    await storeListings(database.db, hosting, host.id, [
      { lat: 43.26, lng: -2.93, title: 'Txoko con cocina' },
      { lat: -33.9, lng: 151.2, title: 'Estudio', categories: ['estudio', 'sala', 'cocina'] },
      { lat: 43.3, lng: -1.98, title: 'Archivo', description: long },
    ]);
    const written = await copies();
    expect(written.map((row) => row.box_indexed).sort()).toEqual([false, true, true]);

    await database.db.execute(
      sql`update listing_search_text set latitude = null, longitude = null, box_indexed = false`,
    );
    await database.db.execute(sql.raw(await fillStatement()));
    expect(await copies()).toEqual(written);
  });
});
