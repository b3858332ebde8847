import type { Bounds } from '@hora/core/search';
import { decodeBounds } from '@hora/core/search';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema/index.ts';
import { oneWordInBoxStatement } from '../src/modules/search/keywords-repository.ts';
import {
  afterCopyTruncated,
  allPages,
  boxAround,
  editConcurrently,
  type PlanNode,
  planNodes,
  refilledByMigration,
  SHARED_WORDS,
  search,
  searchTestBed,
  sharingWords,
} from './search.ts';

/**
 * Decision 0080: each word of each published listing's text has a posting (the word, the listing,
 * its point and its rank for the word alone), kept by the text copy's triggers; a search for one
 * word, alone or in a map box, reads the word's postings.
 */

const { database, hosting, store } = await searchTestBed({ firstName: 'Íñigo', lastName: 'Arrieta' });

/**
 * A query of one lexeme, quoted here as the text search's input reads it (apostrophes doubled,
 * backslashes escaped), not as the migration quotes it.
 */
function quotedQuery(lexeme: SQL): SQL {
  return sql`('''' || replace(replace(${lexeme}, '\\', '\\\\'), '''', '''''') || '''')::tsquery`;
}

/**
 * Postings that differ from those the text copies give, whole table, both ways: each lexeme of each
 * copy's vector once, with the copy's point when whole and `ts_rank` for a query of the word alone.
 */
async function misposted(): Promise<unknown[]> {
  const { rows } = await database.db.execute(
    sql`with expected as (
          select w as lexeme, t.listing_id,
            case when t.longitude is not null then t.latitude end as latitude,
            case when t.latitude is not null then t.longitude end as longitude,
            ts_rank(t.search_vector, ${quotedQuery(sql`w`)}) as rank
          from listing_search_text t, unnest(tsvector_to_array(t.search_vector)) w),
        kept as (select lexeme, listing_id, latitude, longitude, rank from listing_search_words)
        (select 'missing' as what, * from (select * from expected except all select * from kept) e)
        union all
        (select 'extra', * from (select * from kept except all select * from expected) k)`,
  );
  return rows;
}

/** The distinct points of a listing's postings, as `latitude,longitude`. */
async function pointsOf(listingId: string): Promise<Set<string>> {
  return new Set((await postings(listingId)).map((row) => `${row.latitude},${row.longitude}`));
}

async function postings(listingId: string) {
  const { rows } = await database.db.execute(
    sql`select lexeme, latitude, longitude from listing_search_words
        where listing_id = ${listingId} order by lexeme`,
  );
  return rows as { lexeme: string; latitude: number | null; longitude: number | null }[];
}

/** Every page of a search, 2 or 24 a page. */
const pagesOf = (query: Record<string, string | number>, perPage: number) =>
  allPages(hosting.app, query, perPage);
const searchIdsOfAllPages = async (query: Record<string, string | number>) => (await pagesOf(query, 24)).ids;

describe('word postings (decision 0080)', () => {
  it('follow every change of the published listings’ text, point and state', async () => {
    expect(await misposted()).toEqual([]);
    // One statement adds several, sharing words.
    const [a, b, c, draft] = await store([
      { title: 'Laúd antiguo', description: 'Laúd y bandurria.', lat: 21, lng: 21 },
      { title: 'Bandurria', description: 'Una bandurria grande.', lat: 21, lng: 21.001 },
      { title: 'Sala', description: 'Con laúd.', lat: 21.001, lng: 21 },
      { title: 'Laúd', state: 'draft', lat: 21, lng: 21 },
    ]);
    expect(await misposted()).toEqual([]);
    expect((await postings(a as string)).map((row) => row.lexeme)).toEqual(
      expect.arrayContaining(['antigu', 'bandurri', 'laud']),
    );
    expect(await postings(draft as string)).toEqual([]);

    // A new text, a new point; an edit of the price moves nothing.
    await database.db
      .update(listings)
      .set({ description: 'Solo un laúd.' })
      .where(eq(listings.id, a as string));
    expect(await misposted()).toEqual([]);
    expect((await postings(a as string)).map((row) => row.lexeme)).not.toContain('bandurri');
    await database.db
      .update(listings)
      .set({ latitude: 21.005, longitude: 21.004 })
      .where(eq(listings.id, b as string));
    expect(await pointsOf(b as string)).toEqual(new Set(['21.005,21.004']));
    await database.db
      .update(listings)
      .set({ longitude: 21.006 })
      .where(eq(listings.id, b as string));
    expect(await pointsOf(b as string)).toEqual(new Set(['21.005,21.006']));
    await database.db
      .update(listings)
      .set({ priceAmount: 4100 })
      .where(eq(listings.id, b as string));
    expect(await misposted()).toEqual([]);

    // Half a point is none: its postings are in no box.
    await database.db
      .update(listings)
      .set({ longitude: null })
      .where(eq(listings.id, c as string));
    expect(await pointsOf(c as string)).toEqual(new Set(['null,null']));
    expect(await misposted()).toEqual([]);
    // A listing without a point: its postings have none, and gain it with the point.
    await database.db
      .update(listings)
      .set({ latitude: null, longitude: null })
      .where(eq(listings.id, c as string));
    expect(await pointsOf(c as string)).toEqual(new Set(['null,null']));
    expect(await misposted()).toEqual([]);
    await database.db
      .update(listings)
      .set({ latitude: 21.002, longitude: 21.002 })
      .where(eq(listings.id, c as string));
    expect(await pointsOf(c as string)).toEqual(new Set(['21.002,21.002']));

    // Closing, publishing and removing; several in one statement.
    await database.db
      .update(listings)
      .set({ state: 'closed' })
      .where(inArray(listings.id, [a as string, c as string]));
    expect(await postings(a as string)).toEqual([]);
    await database.db
      .update(listings)
      .set({ state: 'published' })
      .where(inArray(listings.id, [a as string, draft as string]));
    expect(await misposted()).toEqual([]);
    await database.db.delete(listings).where(eq(listings.id, b as string));
    expect(await postings(b as string)).toEqual([]);
    expect(await misposted()).toEqual([]);

    // Emptying the copy empties the postings (rolled back: the listings stay).
    expect(
      await afterCopyTruncated(database.db, sql`select count(*)::int as postings from listing_search_words`),
    ).toEqual([{ postings: 0 }]);
    expect((await postings(a as string)).length).toBeGreaterThan(0);
  });

  it('answer one word in a map box as the general way does: the same matches, order and totals', async () => {
    const place = { lat: 22, lng: 22 };
    const ids = await store([
      { ...place, title: 'Trastero', description: 'Un guardamuebles seco.' },
      { ...place, title: 'Guardamuebles céntrico', description: 'Guardamuebles con acceso diario.' },
      { ...place, title: 'Nave', description: 'Nave con guardamuebles.' },
      { ...place, title: 'Guardamuebles', description: 'Amplio.' },
      { ...place, title: 'Sótano', description: 'Guardamuebles.' },
      { ...place, title: 'Local', description: 'Local y guardamuebles.', state: 'closed' },
      // Outside the box, in its latitude band and further north.
      { lat: place.lat, lng: place.lng + 1, title: 'Guardamuebles lejano' },
      { lat: place.lat + 1, lng: place.lng, title: 'Guardamuebles del norte' },
    ]);
    const bounds = boxAround(place.lat, place.lng);
    const one = await pagesOf({ bounds, keywords: 'guardamuebles' }, 2);
    expect(one.totals).toEqual([5]);
    expect([...one.ids].sort()).toEqual(ids.slice(0, 5).sort());
    // Titles first; ties (the same rank) by id.
    expect(one.ids.slice(0, 2).sort()).toEqual([ids[1], ids[3]].sort());
    // "or" with a word nobody uses: counted and ranked the general way, on the text copies.
    expect(await pagesOf({ bounds, keywords: 'guardamuebles or zzyzxq' }, 2)).toEqual(one);
    // Accents and case fold as the text does; a stop word alone finds nothing.
    expect(await pagesOf({ bounds, keywords: 'GUARDAMUÉBLES' }, 2)).toEqual(one);
    expect((await search(hosting.app, { bounds, keywords: 'con' })).meta.totalItems).toBe(0);
    // A page past the last: no cards, the same total.
    const past = await search(hosting.app, { bounds, keywords: 'guardamuebles', perPage: 2, page: 4 });
    expect(past.data).toEqual([]);
    expect(past.meta.totalItems).toBe(5);

    // The word's searches read its postings themselves: one taken away shows, in the box and alone
    // (whose total is the word's kept count, decision 0068), and not the general way.
    const removed = await database.db.execute(
      sql`delete from listing_search_words where listing_id = ${ids[4]} and lexeme = 'guardamuebl' returning *`,
    );
    try {
      const inBox = await search(hosting.app, { bounds, keywords: 'guardamuebles' });
      expect(inBox.meta.totalItems).toBe(4);
      expect(inBox.data.map((card) => card.id)).not.toContain(ids[4]);
      const alone = await searchIdsOfAllPages({ keywords: 'guardamuebles' });
      expect(alone).not.toContain(ids[4]);
      expect(await searchIdsOfAllPages({ keywords: 'guardamuebles or zzyzxq' })).toContain(ids[4]);
    } finally {
      const [row] = removed.rows as {
        lexeme: string;
        listing_id: string;
        latitude: number;
        longitude: number;
        rank: number;
      }[];
      await database.db.execute(
        sql`insert into listing_search_words (lexeme, listing_id, latitude, longitude, rank)
            values (${row?.lexeme}, ${row?.listing_id}, ${row?.latitude}, ${row?.longitude}, ${row?.rank})`,
      );
    }
    expect(await misposted()).toEqual([]);
  });

  it('find one word in a box across the antimeridian, and a plain word the parser splits', async () => {
    const [east, west, away] = await store([
      { lat: -16, lng: 179.995, title: 'Bure', description: 'Sala cocina y reservas@bure.fj' },
      { lat: -16, lng: -179.995, title: 'Bure de playa', description: 'Hamacas.' },
      { lat: -16, lng: 0, title: 'Bure lejano', description: 'Sala cocina y reservas@bure.fj' },
    ]);
    expect(await misposted()).toEqual([]);
    // North-east corner west of the south-west one: the box crosses the antimeridian.
    const bounds = [-15.99, -179.99, -16.01, 179.99].join(',');
    const bure = await pagesOf({ bounds, keywords: 'bure' }, 24);
    expect([...bure.ids].sort()).toEqual([east, west].sort());
    expect(await pagesOf({ bounds, keywords: 'bure or zzyzxq' }, 24)).toEqual(bure);
    // Letters and digits only, but "²" is no letter to the parser: "sala" then "cocina", a phrase of
    // two, matched on the text copies in the box as the general way does.
    const phrase = await pagesOf({ bounds, keywords: 'sala²cocina' }, 24);
    expect(phrase.ids).toEqual([east]);
    expect(await pagesOf({ bounds, keywords: '"sala cocina"' }, 24)).toEqual(phrase);
    // An address is no plain word: the general way, in the box and across the country.
    expect((await pagesOf({ bounds, keywords: 'reservas@bure.fj' }, 24)).ids).toEqual([east]);
    expect((await pagesOf({ keywords: 'reservas@bure.fj' }, 24)).ids.sort()).toEqual([east, away].sort());
  });

  it('search the word’s postings for the word itself in the plans made for the values (each connection’s first runs)', async () => {
    const place = { lat: 24, lng: 24 };
    await store([
      { ...place, title: 'Guardamuebles', description: 'Seco y céntrico.' },
      { ...place, title: 'Sala', description: 'Luminosa, con guardamuebles.' },
    ]);
    const bounds = decodeBounds(boxAround(place.lat, place.lng)) as Bounds;
    // An unnamed statement with values is planned for those values, as a prepared one is on its first
    // five runs on a connection (PostgreSQL's custom plans). Sequential scans off: the test's few
    // postings would otherwise be read whole whatever the statement says.
    const scans = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute(
        sql`explain (format json) ${oneWordInBoxStatement('Guardamuebles', bounds, 24, 0)}`,
      );
      const plan = (rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan;
      return planNodes(plan, (node) => node['Relation Name'] === 'listing_search_words');
    });
    // The word, as a constant, is the key of the one range read: not the box alone, whose every
    // posting was read and joined to the word (516 707 in Madrid's box, 130–280 ms).
    expect(scans).toEqual([
      expect.objectContaining({
        'Index Name': 'listing_search_words_point_idx',
        'Index Cond': expect.stringMatching(/^\(\(lexeme = 'guardamuebl'::text\) AND /),
      }),
    ]);
  });

  it('rank and read back a lexeme with quotes, backslashes, colons and spaces as the text search does', async () => {
    for (const lexeme of ["it's", 'a\\b', 'a:b', 'a b', "x'y\\z:1"]) {
      const { rows } = await database.db.execute(
        sql`with v as (select setweight(array_to_tsvector(array[${lexeme}::text, 'otro']), 'A') as vector)
            select hora_word_rank(v.vector, ${lexeme}) as posted, ts_rank(v.vector, ${quotedQuery(sql`${lexeme}::text`)}) as ranked,
              (tsvector_to_array(querytree(${quotedQuery(sql`${lexeme}::text`)})::tsvector))[1] as read
            from v`,
      );
      const [row] = rows as { posted: number; ranked: number; read: string }[];
      expect(row?.posted, lexeme).toBeGreaterThan(0);
      expect(row?.posted, lexeme).toBe(row?.ranked);
      expect(row?.read, lexeme).toBe(lexeme);
    }
  });

  it('stay exact when many statements at once change texts and points sharing the same words', async () => {
    const ids = await store(sharingWords((i) => ({ lat: 23, lng: 23 + i * 0.001 })));
    await editConcurrently(database.db, ids, (round) => ({ latitude: 23 + round * 0.001 }));
    expect(await misposted()).toEqual([]);
    // Many statements at once on one listing: each waits for the one before.
    const [one] = ids;
    await Promise.all(
      SHARED_WORDS.map((word, i) =>
        database.db
          .update(listings)
          .set({ description: `Solo ${word}.`, longitude: 23 + i * 0.01 })
          .where(eq(listings.id, one as string)),
      ),
    );
    expect(await misposted()).toEqual([]);
  });
});

describe('migration 0033 (the word postings)', () => {
  it('fills the postings the triggers keep', async () => {
    await store([{ title: 'Ático con terraza', description: 'Terraza y barbacoa.', lat: 24, lng: 24 }]);
    const { kept, refilled } = await refilledByMigration(
      database.db,
      '0033_search_words.sql',
      'listing_search_words',
      'lexeme, listing_id',
    );
    expect(kept.length).toBeGreaterThan(10);
    expect(refilled).toEqual(kept);
  });
});
