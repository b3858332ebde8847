import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema/index.ts';
import {
  afterCopyTruncated,
  allPages,
  editConcurrently,
  refilledByMigration,
  search,
  searchTestBed,
  sharingWords,
} from './search.ts';

/**
 * Decision 0068: each word's count of published listings is kept by the text copy's triggers, and a
 * search by one word alone reads its total from it.
 */

const { database, hosting, store } = await searchTestBed({ firstName: 'Nerea', lastName: 'Goikoetxea' });

/** Words whose kept count differs from counting the copies that hold them, whole table. */
async function miscounted(): Promise<unknown[]> {
  const { rows } = await database.db.execute(
    sql`select lexeme, t.listings as real, c.listings as kept
        from (select w as lexeme, count(*)::int as listings
              from listing_search_text, unnest(tsvector_to_array(search_vector)) w group by w) t
        full join listing_lexeme_counts c using (lexeme)
        where t.listings is distinct from c.listings`,
  );
  return rows;
}

async function kept(lexeme: string): Promise<number | undefined> {
  const { rows } = await database.db.execute(
    sql`select listings from listing_lexeme_counts where lexeme = ${lexeme}`,
  );
  return (rows[0] as { listings: number } | undefined)?.listings;
}

/** Every page of a search by keywords alone. */
const pagesOf = (keywords: string, perPage: number) => allPages(hosting.app, { keywords }, perPage);

describe('kept word counts (decision 0068)', () => {
  it('equal the published listings holding each word through every change of their text and state', async () => {
    expect(await miscounted()).toEqual([]);
    // One statement adds several, sharing words.
    const [a, b, c, draft] = await store([
      { title: 'Xilófono de cristal', description: 'Xilófono y marimba.' },
      { title: 'Marimba', description: 'Una marimba grande.' },
      { title: 'Sala', description: 'Con xilófono.' },
      { title: 'Xilófono', state: 'draft' },
    ]);
    expect(await miscounted()).toEqual([]);
    // Each listing once, however often the word appears in it; drafts not at all.
    expect([await kept('xilofon'), await kept('marimb')]).toEqual([2, 2]);

    // A new text loses its old words and gains its new ones; other edits leave the counts alone.
    await database.db
      .update(listings)
      .set({ description: 'Solo un xilófono.' })
      .where(eq(listings.id, a as string));
    expect([await kept('xilofon'), await kept('marimb')]).toEqual([2, 1]);
    await database.db
      .update(listings)
      .set({ priceAmount: 9900 })
      .where(eq(listings.id, b as string));
    expect(await kept('marimb')).toBe(1);
    // Closing, publishing and removing; several in one statement.
    await database.db
      .update(listings)
      .set({ state: 'closed' })
      .where(inArray(listings.id, [a as string, c as string]));
    expect(await kept('xilofon')).toBeUndefined();
    expect(await kept('cristal')).toBeUndefined();
    await database.db
      .update(listings)
      .set({ state: 'published' })
      .where(inArray(listings.id, [a as string, draft as string]));
    expect(await kept('xilofon')).toBe(2);
    await database.db.delete(listings).where(eq(listings.id, b as string));
    expect(await kept('marimb')).toBeUndefined();
    expect(await miscounted()).toEqual([]);

    // Emptying the copy empties the counts (rolled back: the listings stay).
    expect(
      await afterCopyTruncated(database.db, sql`select count(*)::int as words from listing_lexeme_counts`),
    ).toEqual([{ words: 0 }]);
    expect(await kept('xilofon')).toBe(2);
  });

  it('answer a one-word search’s total, its pages ranked as a search of several words ranks them', async () => {
    const ids = await store([
      { title: 'Trastero', description: 'Un guardamuebles seco.' },
      { title: 'Guardamuebles céntrico', description: 'Guardamuebles con acceso diario.' },
      { title: 'Nave', description: 'Nave con guardamuebles.' },
      { title: 'Guardamuebles', description: 'Amplio.' },
      { title: 'Local', description: 'Local y guardamuebles.', state: 'closed' },
    ]);
    const one = await pagesOf('guardamuebles', 2);
    expect(one.totals).toEqual([4]);
    expect([...one.ids].sort()).toEqual(ids.slice(0, 4).sort());
    // "or" with a word nobody uses: the same matches, counted and ranked the general way.
    const several = await pagesOf('guardamuebles or zzyzxq', 2);
    expect(several).toEqual(one);
    // Titles first.
    expect(one.ids.slice(0, 2).sort()).toEqual([ids[1], ids[3]].sort());

    // The one-word total is the kept count itself: a wrong count would show.
    await database.db.execute(
      sql`update listing_lexeme_counts set listings = 40 where lexeme = 'guardamuebl'`,
    );
    try {
      expect((await search(hosting.app, { keywords: 'Guardamuebles' })).meta.totalItems).toBe(40);
      expect((await search(hosting.app, { keywords: 'guardamuebles or zzyzxq' })).meta.totalItems).toBe(4);
    } finally {
      await database.db.execute(
        sql`update listing_lexeme_counts set listings = 4 where lexeme = 'guardamuebl'`,
      );
    }
    // A page past the last: no cards, the same total, as the general way answers.
    const past = await search(hosting.app, { keywords: 'guardamuebles', perPage: 2, page: 3 });
    expect(past.data).toEqual([]);
    expect(past.meta.totalItems).toBe(4);
    expect(past.meta).toEqual(
      (await search(hosting.app, { keywords: 'guardamuebles or zzyzxq', perPage: 2, page: 3 })).meta,
    );
    // A word no listing holds, and a query of stop words alone, find nothing.
    expect((await search(hosting.app, { keywords: 'zzyzxq' })).meta.totalItems).toBe(0);
    expect((await search(hosting.app, { keywords: 'de la' })).meta.totalItems).toBe(0);
    expect((await search(hosting.app, { keywords: 'de' })).meta.totalItems).toBe(0);
    // Every listing but the word's: counted the general way, planned for the words each time.
    const { rows } = await database.db.execute(
      sql`select count(*)::int as others from listing_search_text
          where not search_vector @@ to_tsquery('hora_spanish', 'guardamuebles')`,
    );
    expect((await search(hosting.app, { keywords: '-guardamuebles' })).meta.totalItems).toBe(
      (rows[0] as { others: number }).others,
    );
  });
});

describe('kept word counts under concurrent writers (decision 0068)', () => {
  it('stay exact when many statements at once change texts sharing the same words', async () => {
    const ids = await store(sharingWords());
    await editConcurrently(database.db, ids);
    expect(await miscounted()).toEqual([]);
  });

  it('count a word the parser keeps whole with its signs, and search it alone', async () => {
    const [id] = await store([{ title: 'Sala', description: 'Reservas: reservas@tallerluna.es' }]);
    expect(await kept('reservas@tallerluna.es')).toBe(1);
    const found = await search(hosting.app, { keywords: 'reservas@tallerluna.es' });
    expect(found.meta.totalItems).toBe(1);
    expect(found.data.map((card) => card.id)).toEqual([id]);
    // A word with an apostrophe is two words to the parser: the general way, found all the same.
    const [other] = await store([{ title: "Estudio en l'Eixample", description: 'Luminoso.' }]);
    expect((await search(hosting.app, { keywords: "l'Eixample" })).data.map((card) => card.id)).toEqual([
      other,
    ]);
  });
});

describe('migration 0030 (the kept word counts)', () => {
  it('fills the counts the triggers keep', async () => {
    await store([{ title: 'Ático con terraza', description: 'Terraza y barbacoa.' }]);
    const { kept, refilled } = await refilledByMigration(
      database.db,
      '0030_lexeme_counts.sql',
      'listing_lexeme_counts',
      'lexeme',
    );
    expect(kept.length).toBeGreaterThan(10);
    expect(refilled).toEqual(kept);
  });
});
