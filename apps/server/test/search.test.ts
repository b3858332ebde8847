import { TIME_MS } from '@hora/core/config';
import { DEFAULT_BOOKING_RULES } from '@hora/core/listing';
import { dateKeyAt } from '@hora/core/time';
import { eq, inArray, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Executor } from '../src/db/executor.ts';
import { listings } from '../src/db/schema/index.ts';
import { searchFreeTimeJob } from '../src/jobs/search-free-time.ts';
import { type SearchParams, searchRepository } from '../src/modules/search/repository.ts';
import type { TestUser } from './accounts.ts';
import { browser } from './accounts.ts';
import { buildTestApp } from './app.ts';
import { createTestDatabase } from './database.ts';
import {
  buildHostingApp,
  cardImage,
  type HostingApp,
  publishedListing,
  saveTab,
  signUp,
  TABS,
} from './listings.ts';
import {
  boxAround,
  findsNear,
  OFFICE_PLAN,
  type PlanNode,
  planNodes,
  type StoredListing,
  search,
  searchIds,
  storeListings,
} from './search.ts';

const DAY_ENTRIES = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((dayOfWeek) => ({
  dayOfWeek,
  seats: 1,
}));

const database = await createTestDatabase();
let hosting: HostingApp;
let host: TestUser;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
  host = await signUp(hosting.app, { firstName: 'Lucía', lastName: 'Ferrer' });
});

const store = (items: Parameters<typeof storeListings>[3]) =>
  storeListings(database.db, hosting, host.id, items);

/**
 * 2 100 listings at a place, a little apart along its longitude: more than a page is read among
 * (decision 0063), so the page walks the order's index.
 */
const storeCrowd = (place: { lat: number; lng: number }, each: (i: number) => Partial<StoredListing>) =>
  store(
    Array.from({ length: 2100 }, (_, i) => ({ ...place, lng: place.lng + (i % 7) * 0.0001, ...each(i) })),
  );

/** Ids in the database's order (bytes, as `uuid` compares them). */
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('GET /api/listings', () => {
  it('finds words without their accents and in other forms, ranking the title above the description', async () => {
    const place = { lat: 1, lng: 1 };
    const [inTitle, inDescription, other] = await store([
      { ...place, title: 'Gimnasio con cocina', description: 'Amplio y luminoso.' },
      { ...place, title: 'Local diáfano', description: 'Antiguo gimnasio; tiene cocína y duchas.' },
      { ...place, title: 'Oficina', description: 'Mesas y sillas.' },
    ]);
    const bounds = boxAround(place.lat, place.lng);
    expect(await searchIds(hosting.app, { bounds, keywords: 'gimnasios' })).toEqual([inTitle, inDescription]);
    expect((await searchIds(hosting.app, { bounds, keywords: 'cocína' })).sort()).toEqual(
      [inTitle, inDescription].sort(),
    );
    expect(await searchIds(hosting.app, { bounds, keywords: 'COCINAS' })).toHaveLength(2);
    expect(await searchIds(hosting.app, { bounds, keywords: 'oficinas' })).toEqual([other]);
    // Web-search syntax is read as such, never as SQL: quotes, a minus, stray symbols.
    expect(await searchIds(hosting.app, { bounds, keywords: 'gimnasio -cocina' })).toEqual([]);
    expect(await searchIds(hosting.app, { bounds, keywords: `'); drop table listings; --` })).toEqual([]);
    expect(await searchIds(hosting.app, { bounds, keywords: '"local diáfano"' })).toEqual([inDescription]);
  });

  it('finds keywords without a map box in every published listing’s current text, with the other filters', async () => {
    // Words no other test uses: the whole country answers.
    const [inTitle, inDescription, draft, cheap, small] = await store([
      { lat: 20, lng: 20, title: 'Trampolines del puerto', description: 'Amplio.', categories: ['gimnasio'] },
      { lat: -20, lng: -20, title: 'Nave', description: 'Con trampolín y colchonetas.', priceAmount: 5000 },
      { lat: 21, lng: 21, title: 'Trampolín', state: 'draft' },
      { lat: 22, lng: 22, title: 'Otra', description: 'Un trampolín pequeño.', priceAmount: 500 },
      { lat: 23, lng: 23, title: 'Sala', description: 'Trampolín.', capacity: 2, priceAmount: 4000 },
    ]);
    const found = (query: Record<string, string | number>) =>
      searchIds(hosting.app, { keywords: 'trampolín', ...query });
    const first = await search(hosting.app, { keywords: 'trampolines' });
    expect(first.data[0]?.id).toBe(inTitle);
    expect(first.data.map((card) => card.id).sort()).toEqual([inTitle, inDescription, cheap, small].sort());
    expect(first.meta.totalItems).toBe(4);
    expect(await found({ pub_category: 'gimnasio' })).toEqual([inTitle]);
    expect((await found({ price: '30,50' })).sort()).toEqual([inDescription, small].sort());
    expect(await found({ people: 3 })).not.toContain(small);
    // Weekdays 09:00–18:00 each: a Tuesday finds them, the weekend none.
    expect((await found({ dates: '2026-05-05,2026-05-05' })).sort()).toEqual(
      [inTitle, inDescription, cheap, small].sort(),
    );
    expect(await found({ dates: '2026-05-09,2026-05-10' })).toEqual([]);
    expect(await search(hosting.app, { keywords: 'trampolín', perPage: 3, page: 2 })).toMatchObject({
      data: [expect.anything()],
      meta: { totalItems: 4, totalPages: 2 },
    });
    // Past the last page: no cards, the same total.
    expect(await search(hosting.app, { keywords: 'trampolín', perPage: 3, page: 3 })).toMatchObject({
      data: [],
      meta: { totalItems: 4, totalPages: 2 },
    });

    // The copy follows every change of the listing: its text, its filters, its state, its removal.
    await database.db
      .update(listings)
      .set({ title: 'Colchonetas', description: 'Sin nada más.' })
      .where(eq(listings.id, cheap as string));
    expect(await found({})).not.toContain(cheap);
    expect(await searchIds(hosting.app, { keywords: 'colchoneta' })).toContain(cheap);
    await database.db
      .update(listings)
      .set({ capacity: 8 })
      .where(eq(listings.id, small as string));
    expect(await found({ people: 3 })).toContain(small);
    await database.db
      .update(listings)
      .set({ state: 'closed' })
      .where(eq(listings.id, inTitle as string));
    expect(await found({})).not.toContain(inTitle);
    await database.db
      .update(listings)
      .set({ state: 'published' })
      .where(eq(listings.id, draft as string));
    expect(await found({})).toContain(draft);
    await database.db.delete(listings).where(eq(listings.id, inDescription as string));
    expect((await found({})).sort()).toEqual([draft, small].sort());
  });

  it('matches any of the categories asked for', async () => {
    const place = { lat: 2, lng: 2 };
    const [sala, estudio, both] = await store([
      { ...place, categories: ['sala'] },
      { ...place, categories: ['estudio'] },
      { ...place, categories: ['estudio', 'sala'] },
      { ...place, categories: ['cocina'] },
    ]);
    const bounds = boxAround(place.lat, place.lng);
    expect((await searchIds(hosting.app, { bounds, pub_category: 'sala' })).sort()).toEqual(
      [sala, both].sort(),
    );
    expect((await searchIds(hosting.app, { bounds, pub_category: 'has_any:sala,estudio' })).sort()).toEqual(
      [sala, estudio, both].sort(),
    );
  });

  it('keeps prices inside the euros asked for, both ends included, and leaves out listings without one', async () => {
    const place = { lat: 3, lng: 3 };
    const [ten, twenty, twentyAndOne] = await store([
      { ...place, priceAmount: 1000 },
      { ...place, priceAmount: 2000 },
      { ...place, priceAmount: 2001 },
      { ...place, priceAmount: 999 },
      { ...place, priceAmount: null },
    ]);
    const bounds = boxAround(place.lat, place.lng);
    expect((await searchIds(hosting.app, { bounds, price: '10,20' })).sort()).toEqual([ten, twenty].sort());
    expect((await searchIds(hosting.app, { bounds, price: '20,21' })).sort()).toEqual(
      [twenty, twentyAndOne].sort(),
    );
  });

  it('asks the capacity to hold the people, leaving out listings that do not say', async () => {
    const place = { lat: 4, lng: 4 };
    const [five, twelve] = await store([
      { ...place, capacity: 5 },
      { ...place, capacity: 12 },
      { ...place, capacity: null },
    ]);
    const bounds = boxAround(place.lat, place.lng);
    expect((await searchIds(hosting.app, { bounds, people: 5 })).sort()).toEqual([five, twelve].sort());
    expect(await searchIds(hosting.app, { bounds, people: 6 })).toEqual([twelve]);
    expect(await searchIds(hosting.app, { bounds })).toHaveLength(3);
  });

  it('keeps to the map box, across the antimeridian too', async () => {
    const [inside, outside] = await store([
      { lat: 5, lng: 5 },
      { lat: 5.5, lng: 5 },
    ]);
    expect(await searchIds(hosting.app, { bounds: boxAround(5, 5, 0.1) })).toEqual([inside]);
    expect(await searchIds(hosting.app, { bounds: boxAround(5.5, 5, 0.1) })).toEqual([outside]);

    const [east, west, middle] = await store([
      { lat: -17, lng: 179.5 },
      { lat: -17, lng: -179.5 },
      { lat: -17, lng: 0 },
    ]);
    // sw.lng 179 is east of ne.lng −179: the box spans the antimeridian, not the rest of the world.
    const across = await searchIds(hosting.app, { bounds: '-16,-179,-18,179' });
    expect(across.sort()).toEqual([east, west].sort());
    expect(await searchIds(hosting.app, { bounds: '-16,1,-18,-1' })).toEqual([middle]);
  });

  it('finds keywords in a map box wherever the listing’s text is kept, as the listing moves', async () => {
    // A description of 5 000 characters in about 800 distinct words: its text vector (over 10 kB)
    // fits in no index entry; saved through the wizard, then found like any other.
    const words = Array.from({ length: 900 }, (_, i) => `zq${(i * 7919).toString(36)}`);
    const long = `Zanfonas antiguas. ${words.join(' ')}`.slice(0, 5000);
    const listing = await publishedListing(hosting, host);
    const saved = await saveTab(hosting.app, host, listing.id, 'description', {
      title: 'Taller de música',
      description: long,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { lat, lng } = TABS.location.origin;
    const [inTitle, inDescription, elsewhere] = await store([
      { lat, lng, title: 'Zanfona y laúd', categories: ['estudio'] },
      { lat, lng, title: 'Sala', description: 'Con una zanfona.', categories: ['sala'] },
      { lat: lat + 1, lng, title: 'Zanfona lejana' },
    ]);
    const boxIndexed = async (id: string) =>
      (
        await database.db.execute(
          sql`select box_indexed from listing_search_text where listing_id = ${id}::uuid`,
        )
      ).rows[0]?.box_indexed;
    expect(await boxIndexed(listing.id)).toBe(false);
    expect(await boxIndexed(inTitle as string)).toBe(true);

    const bounds = boxAround(lat, lng);
    const found = (query: Record<string, string>) => searchIds(hosting.app, { bounds, ...query });
    const first = await search(hosting.app, { bounds, keywords: 'zanfonas' });
    expect(first.data[0]?.id).toBe(inTitle);
    expect(first.data.map((card) => card.id).sort()).toEqual([inTitle, inDescription, listing.id].sort());
    expect(first.meta.totalItems).toBe(3);
    // One word alone in a box reads its postings (decision 0080); with "or" and a word nobody uses,
    // the copies themselves, the long vector's through the index of its point.
    expect(await found({ keywords: 'zanfonas or zzyzxq' })).toEqual(first.data.map((card) => card.id));
    expect(await found({ keywords: words[600] as string })).toEqual([listing.id]);
    expect(await found({ keywords: `${words[600]} or zzyzxq` })).toEqual([listing.id]);
    expect(await found({ keywords: 'zanfona', pub_category: 'estudio' })).toEqual(
      expect.arrayContaining([inTitle, listing.id]),
    );
    expect(await found({ keywords: 'zanfona', pub_category: 'sala' })).toEqual(
      expect.not.arrayContaining([inTitle]),
    );
    expect(await searchIds(hosting.app, { keywords: words[600] as string })).toEqual([listing.id]);
    // With dates too: weekdays 09:00–18:00 each, so a Tuesday finds all three, the weekend none.
    expect((await found({ keywords: 'zanfona', dates: '2026-05-05,2026-05-05' })).sort()).toEqual(
      [inTitle, inDescription, listing.id].sort(),
    );
    expect(await found({ keywords: 'zanfona', dates: '2026-05-09,2026-05-10' })).toEqual([]);

    // Both kinds of copy follow the listing's point.
    for (const id of [listing.id, inDescription as string])
      await database.db
        .update(listings)
        .set({ latitude: lat + 1 })
        .where(eq(listings.id, id));
    for (const keywords of ['zanfona', 'zanfona or zzyzxq']) {
      expect(await found({ keywords })).toEqual([inTitle]);
      expect((await searchIds(hosting.app, { bounds: boxAround(lat + 1, lng), keywords })).sort()).toEqual(
        [elsewhere, inDescription, listing.id].sort(),
      );
    }
  });

  it('finds keywords in a map box alike whether the band’s entries are tested or the text index is used', async () => {
    // Decision 0066: up to `KEYWORDS_BOX_SCAN` listings in the box's latitude band, each of the
    // band's entries of the text copy's B-tree is tested; beyond, or for a rare word (decision
    // 0068), PostgreSQL chooses.
    const place = { lat: -33, lng: 151 };
    const stored = await store(
      Array.from({ length: 30 }, (_, i) => ({
        lat: place.lat + (i % 5) * 0.001,
        lng: place.lng + (i % 3) * 0.001,
        title: i % 3 === 0 ? 'Cocina de barrio' : i % 3 === 1 ? 'Sala diáfana' : 'Taller',
        description: i % 4 === 0 ? 'Con cocina equipada y horno.' : 'Luz natural.',
        categories: [i % 2 === 0 ? 'cocina' : 'sala'],
        priceAmount: 1000 + i * 100,
      })),
    );
    // Outside the box: 20 in its latitude band, across the ocean, and one further north. Their
    // words keep the box's from being rare across the country (decision 0068), whatever else the
    // database holds.
    const western = await store([
      ...Array.from({ length: 20 }, (_, i) => ({
        lat: place.lat,
        lng: place.lng - 100,
        title: i % 2 === 0 ? 'Cocina del oeste' : 'Sala del oeste',
      })),
      { lat: place.lat + 1, lng: place.lng, title: 'Cocina lejana' },
    ]);
    const bounds = {
      ne: { lat: place.lat + 0.01, lng: place.lng + 0.01 },
      sw: { lat: place.lat - 0.01, lng: place.lng - 0.01 },
    };
    const now = hosting.clock.now();
    const statements: SQL[] = [];
    const recording = <T extends Executor>(db: T) =>
      new Proxy(db, {
        get(target, property, receiver) {
          if (property !== 'execute') return Reflect.get(target, property, receiver);
          return (query: SQL) => {
            statements.push(query);
            return target.execute(query);
          };
        },
      });
    // One plain word with no other filter reads its postings (decision 0080): these queries are of
    // several words, or filtered, as the text copies' B-tree or the text index answers them.
    const queries: SearchParams[] = [
      { keywords: 'cocinas or zzyzxq' },
      { keywords: 'cocina', page: 2, perPage: 5, people: 1 },
      { keywords: 'sala', categories: ['sala'], price: { min: 15, max: 30 } },
      { keywords: 'cocina -horno' },
      { keywords: 'nada', people: 1 },
    ].map((query) => ({ page: 1, perPage: 24, sort: 'relevance', bounds, ...query }));
    const cocinas = queries[0] as SearchParams;

    // With every index in place, as the search runs.
    const first = await searchRepository(database.db).search(cocinas, now);
    expect(first.total).toBe(stored.filter((_, i) => i % 3 === 0 || i % 4 === 0).length);
    // Title and description first: listings 0, 12 and 24.
    expect(first.ids.slice(0, 3).sort()).toEqual([stored[0], stored[12], stored[24]].sort());
    // The word alone, from its postings: the same matches in the same order.
    expect(await searchRepository(database.db).search({ ...cocinas, keywords: 'cocinas' }, now)).toEqual(
      first,
    );
    for (const query of queries)
      expect(await searchRepository(database.db).search(query, now)).toEqual(
        await searchRepository(database.db, { keywordsBoxScan: 0 }).search(query, now),
      );

    // With the B-tree gone and sequential scans off, the text index is the planner's way in, and a
    // statement that reads it shows it in its analysed plan. Rolled back.
    const seen: { same: boolean[]; reads: Record<string, number> } = { same: [], reads: {} };
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`drop index listing_search_text_box_idx`);
        await tx.execute(sql`set local enable_seqscan = off`);
        const run = async (params: SearchParams, keywordsBoxScan?: number) => {
          statements.length = 0;
          const page = await searchRepository(recording(tx), { keywordsBoxScan }).search(params, now);
          const { rows } = await tx.execute(sql`explain (analyze, format json) ${statements[0]}`);
          const plan = (rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan;
          return { page, reads: loopsOn(plan) };
        };
        for (const query of queries) {
          const [tested, chosen] = [await run(query), await run(query, 0)];
          seen.same.push(JSON.stringify(tested.page) === JSON.stringify(chosen.page));
          seen.reads[`tested ${query.keywords}`] = tested.reads;
          seen.reads[`chosen ${query.keywords}`] = chosen.reads;
        }
        // The band holds 50 published listings and the box 30: the band decides.
        seen.reads['limit 40'] = (await run(cocinas, 40)).reads;
        seen.reads['limit 60'] = (await run(cocinas, 60)).reads;
        // A single word held by few listings across the country, fewer than a quarter of the band's
        // (decision 0068), is found through the text index: "horno", 8 listings; then 28.
        // (With a filter every match passes, so that the word is not read from its postings.)
        const horno = { ...cocinas, keywords: 'horno', categories: ['cocina'] };
        seen.reads.rare = (await run(horno)).reads;
        await tx
          .update(listings)
          .set({ description: 'Horno de leña.' })
          .where(inArray(listings.id, western.slice(0, 20)));
        seen.reads['no longer rare'] = (await run(horno)).reads;
        seen.same.push(
          JSON.stringify((await run(horno)).page) === JSON.stringify((await run(horno, 0)).page),
        );
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(seen.same).toEqual([...queries, 'horno'].map(() => true));
    for (const query of queries) {
      expect(seen.reads[`tested ${query.keywords}`]).toBe(0);
      expect(seen.reads[`chosen ${query.keywords}`]).toBeGreaterThan(0);
    }
    expect(seen.reads['limit 40']).toBeGreaterThan(0);
    expect(seen.reads['limit 60']).toBe(0);
    expect(seen.reads.rare).toBeGreaterThan(0);
    expect(seen.reads['no longer rare']).toBe(0);
    const { rows } = await database.db.execute(
      sql`select 1 from pg_indexes where indexname = 'listing_search_text_box_idx'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('shows published listings only', async () => {
    const place = { lat: 6, lng: 6 };
    const [published] = await store([
      { ...place, state: 'published' },
      { ...place, state: 'draft' },
      { ...place, state: 'pendingApproval' },
      { ...place, state: 'closed' },
    ]);
    const result = await search(hosting.app, { bounds: boxAround(place.lat, place.lng) });
    expect(result.data.map((card) => card.id)).toEqual([published]);
    expect(result.meta.totalItems).toBe(1);
  });

  it('sorts five ways, the id breaking ties, and by relevance whenever there are keywords', async () => {
    const place = { lat: 7, lng: 7 };
    const at = (minutes: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + minutes * 60_000);
    const ids = await store([
      { ...place, priceAmount: 3000, createdAt: at(1), title: 'Sala', description: 'sala sala' },
      { ...place, priceAmount: 1000, createdAt: at(3), title: 'Taller', description: 'sala' },
      { ...place, priceAmount: 2000, createdAt: at(2), title: 'Sala grande', description: 'otra' },
      { ...place, priceAmount: 2000, createdAt: at(2), title: 'Estudio', description: 'otro' },
    ]);
    const [a, b, c, d] = ids as [string, string, string, string];
    const [low, high] = c < d ? [c, d] : [d, c];
    const bounds = boxAround(place.lat, place.lng);
    expect(await searchIds(hosting.app, { bounds })).toEqual([b, high, low, a]);
    expect(await searchIds(hosting.app, { bounds, sort: 'createdAt' })).toEqual([b, high, low, a]);
    expect(await searchIds(hosting.app, { bounds, sort: '-createdAt' })).toEqual([a, low, high, b]);
    expect(await searchIds(hosting.app, { bounds, sort: 'price' })).toEqual([a, high, low, b]);
    expect(await searchIds(hosting.app, { bounds, sort: '-price' })).toEqual([b, low, high, a]);
    // Relevance without keywords is not an order: the default one applies.
    expect(await searchIds(hosting.app, { bounds, sort: 'relevance' })).toEqual([b, high, low, a]);
    // Keywords force relevance whatever the sort asked: title matches (A) before description ones (B).
    const ranked = await searchIds(hosting.app, { bounds, keywords: 'sala', sort: '-price' });
    expect(ranked).toHaveLength(3);
    expect(ranked.slice(0, 2).sort()).toEqual([a, c].sort());
    expect(ranked[2]).toBe(b);
  });

  it('pages 24 at a time by default and counts every match', async () => {
    const place = { lat: 8, lng: 8 };
    const ids = await store(Array.from({ length: 27 }, () => ({ ...place })));
    const bounds = boxAround(place.lat, place.lng);
    const first = await search(hosting.app, { bounds });
    expect(first.data).toHaveLength(24);
    expect(first.meta).toEqual({ page: 1, perPage: 24, totalItems: 27, totalPages: 2 });
    const second = await search(hosting.app, { bounds, page: 2 });
    expect(second.data).toHaveLength(3);
    expect(new Set([...first.data, ...second.data].map((card) => card.id))).toEqual(new Set(ids));
    const small = await search(hosting.app, { bounds, perPage: 5, page: 6 });
    expect(small.data).toHaveLength(2);
    expect(small.meta).toEqual({ page: 6, perPage: 5, totalItems: 27, totalPages: 6 });
    // Past the last page: nothing, but still the total.
    const past = await search(hosting.app, { bounds, perPage: 5, page: 9 });
    expect(past.data).toEqual([]);
    expect(past.meta.totalItems).toBe(27);
  });

  it('orders a box with thousands of matches the same way (the page then walks the sort index)', async () => {
    const place = { lat: 11, lng: 11 };
    const ids = await storeCrowd(place, (i) => ({
      priceAmount: 1000 + (i % 13) * 100,
      createdAt: new Date(Date.parse('2026-01-01T00:00:00Z') + (i % 50) * 60_000),
    }));
    const bounds = boxAround(place.lat, place.lng);
    const rows = ids.map((id, i) => ({ id, price: 1000 + (i % 13) * 100, created: i % 50 }));
    const newest = [...rows].sort((a, b) => b.created - a.created || byId(b.id, a.id)).map((r) => r.id);
    const cheapest = [...rows].sort((a, b) => a.price - b.price || byId(a.id, b.id)).map((r) => r.id);
    const first = await search(hosting.app, { bounds, perPage: 100 });
    expect(first.meta.totalItems).toBe(2100);
    expect(first.data.map((card) => card.id)).toEqual(newest.slice(0, 100));
    const last = await search(hosting.app, { bounds, perPage: 100, page: 21 });
    expect(last.data.map((card) => card.id)).toEqual(newest.slice(2000));
    expect(await searchIds(hosting.app, { bounds, perPage: 100, page: 3, sort: '-price' })).toEqual(
      cheapest.slice(200, 300),
    );
    // With dates: counted from the day summaries, the page found by walking the sort's index.
    const weekday = await search(hosting.app, {
      bounds,
      perPage: 100,
      page: 2,
      dates: '2026-05-05,2026-05-06',
    });
    expect(weekday.meta.totalItems).toBe(2100);
    expect(weekday.data.map((card) => card.id)).toEqual(newest.slice(100, 200));
    expect((await search(hosting.app, { bounds, dates: '2026-05-09,2026-05-10' })).meta.totalItems).toBe(0);
    // With a filter beside the dates: one pass over the listings the filter leaves.
    const priced = await search(hosting.app, {
      bounds,
      perPage: 100,
      dates: '2026-05-05,2026-05-05',
      price: '10,10',
    });
    expect(priced.data.map((card) => card.id)).toEqual(
      newest.filter((id) => rows.find((row) => row.id === id)?.price === 1000).slice(0, 100),
    );
  });

  it('puts listings without a price (a range only) last in both price orders, each page read from an index', async () => {
    // Decision 0070: 2 100 matches, so the page walks the order's index. Every tenth has no price.
    const place = { lat: 14, lng: 14 };
    const priceOf = (i: number) => (i % 10 === 0 ? null : 1000 + (i % 13) * 100);
    const ids = await storeCrowd(place, (i) => ({ priceAmount: priceOf(i) }));
    const rows = ids.map((id, i) => ({ id, price: priceOf(i) }));
    const priced = rows.filter((row) => row.price !== null) as { id: string; price: number }[];
    const unpriced = rows.filter((row) => row.price === null).map((row) => row.id);
    const highest = [
      ...[...priced].sort((a, b) => b.price - a.price || byId(b.id, a.id)).map((row) => row.id),
      ...[...unpriced].sort((a, b) => byId(b, a)),
    ];
    const lowest = [
      ...[...priced].sort((a, b) => a.price - b.price || byId(a.id, b.id)).map((row) => row.id),
      ...[...unpriced].sort(byId),
    ];
    const bounds = boxAround(place.lat, place.lng);
    for (const [sort, order] of [
      ['price', highest],
      ['-price', lowest],
    ] as const) {
      expect(await searchIds(hosting.app, { bounds, perPage: 100, sort })).toEqual(order.slice(0, 100));
      // The last page: the listings without a price.
      expect(await searchIds(hosting.app, { bounds, perPage: 100, page: 21, sort })).toEqual(
        order.slice(2000),
      );
    }
    // Read in the index's order, forwards or backwards: never every match sorted (the highest price
    // first took 20–36 ms at 100 000 listings when it was).
    for (const sort of ['price', '-price'] as const) {
      // Every published listing: the statement that pages them without a filter, as sent to the server.
      const sent = vi.spyOn(pg.Client.prototype, 'query');
      await searchRepository(database.db).search({ page: 1, perPage: 24, sort }, hosting.clock.now());
      const [query, values] =
        sent.mock.calls.find(([sentQuery]) =>
          (sentQuery as { text?: string }).text?.includes('published_listings'),
        ) ?? [];
      sent.mockRestore();
      const statement = query as { text?: string; values?: unknown[] } | undefined;
      if (!statement?.text) throw new Error('No page statement was sent');
      const client = await database.pool.connect();
      const plan = await client
        .query('set enable_seqscan = off')
        .then(() =>
          client.query(`explain ${statement.text}`, statement.values ?? (values as unknown as unknown[])),
        )
        .finally(() => client.release(true));
      const text = JSON.stringify(plan.rows);
      expect(text).toContain(
        sort === 'price' ? 'listings_search_price_desc_idx' : 'listings_search_price_idx',
      );
      expect(text).not.toContain('Sort');
    }
  });

  it('answers cards with the cover only, in the landscape crop a card shows', async () => {
    const place = { lat: 9, lng: 9 };
    const [id] = await store([{ ...place, title: 'Con fotos' }]);
    hosting.images.addPhoto(id as string);
    hosting.images.addPhoto(id as string);
    const [card] = (await search(hosting.app, { bounds: boxAround(place.lat, place.lng) })).data;
    expect(card?.title).toBe('Con fotos');
    const cover = hosting.images.byListing.get(id as string)?.[0];
    expect(card?.image).toEqual(cover && cardImage(cover));
    expect(card?.image && Object.keys(card.image.variants)).toEqual(['landscape-crop', 'landscape-crop2x']);
  });

  it('refuses bad or oversized parameters with a 400 naming the field, never a 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ perPage: '101' }, 'perPage'],
      [{ perPage: '0' }, 'perPage'],
      [{ page: 'dos' }, 'page'],
      [{ bounds: '40,-3,39' }, 'bounds'],
      [{ bounds: '91,-3,39,-4' }, 'bounds'],
      [{ price: '50,10' }, 'price'],
      [{ price: 'x,10' }, 'price'],
      [{ pub_category: 'sala,castillo' }, 'pub_category'],
      [{ keywords: 'a'.repeat(201) }, 'keywords'],
      [{ dates: '2026-05-10,2026-05-01' }, 'dates'],
      [{ dates: '2026-02-30,2026-03-01' }, 'dates'],
      // 91 days: one more than the date filter spans (DATES_FILTER.maxDays).
      [{ dates: '2026-05-01,2026-07-30' }, 'dates'],
      [{ minDuration: '-5' }, 'minDuration'],
      [{ times: '18:00,09:00' }, 'times'],
      [{ people: '0' }, 'people'],
      [{ sort: 'title' }, 'sort'],
    ];
    for (const [query, field] of cases) {
      const response = await hosting.app.inject({
        method: 'GET',
        url: `/api/listings?${new URLSearchParams(query)}`,
      });
      expect(response.statusCode, `${JSON.stringify(query)}: ${response.body}`).toBe(400);
      const [error] = response.json().errors;
      expect(error.code).toBe('validation-invalid-params');
      const paths: string[] = error.meta.issues.map((issue: { path: string }) => issue.path.split('.')[0]);
      expect(paths).toContain(field);
    }
    // 90 days are searched.
    const longest = await hosting.app.inject({
      method: 'GET',
      url: '/api/listings?dates=2026-05-01,2026-07-29',
    });
    expect(longest.statusCode, longest.body).toBe(200);
  });

  /**
   * An app whose searches give up after a second, and twelve searches while another session holds
   * `table`: more than the search's connections, they wait; the rest of the app (the health check
   * reads the database through the app's own pool) answers meanwhile, before any of them. Twelve:
   * with the app's own ten connections they would hold them all, and the health check would answer
   * only after the first of them gave up. Each then asks for a narrower search.
   */
  async function searchesGiveUpWhileHeld(table: string, url: string) {
    const limited = await buildTestApp(
      database.db,
      {},
      { clock: hosting.clock, search: { statementTimeoutMs: 1000 } },
    );
    const searchOnce = () => limited.inject({ method: 'GET', url });
    const found = await searchOnce();
    expect(found.statusCode).toBe(200);
    const holder = await database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(`lock table ${table} in access exclusive mode`);
      let answered = 0;
      const waiting = Array.from({ length: 12 }, () =>
        searchOnce().then((response) => {
          answered += 1;
          return response;
        }),
      );
      expect((await limited.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(answered).toBe(0);
      for (const response of await Promise.all(waiting)) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json().errors[0].code).toBe('search-too-broad');
      }
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect((await searchOnce()).statusCode).toBe(200);
    return found;
  }

  it('asks for fewer dates or a smaller map when a search runs past its time limit, and keeps serving', async () => {
    // Another session holds the day summaries: the search waits for them past its limit.
    await searchesGiveUpWhileHeld(
      'listing_free_days',
      '/api/listings?dates=2026-05-05,2026-05-06&times=10:00,14:00',
    );
  });

  it('reads a search’s cards on the search’s own connections, under its time limit', async () => {
    await store([{ title: 'Sala con portada' }]);
    // Another session holds the photos the cards show: the search finds its listings, then waits
    // for their covers past its limit. On the app's connections, with no limit, the searches would
    // hold all ten of those until the photos were free, and the health check with them.
    const found = await searchesGiveUpWhileHeld('images', '/api/listings');
    expect(found.json().data.length).toBeGreaterThan(0);
  });

  it('filters by free time in the listing’s zone, kept current as the host changes it', async () => {
    // The wizard's listing: weekdays 09:00–18:00 in Madrid, an hour at least; now is Monday 08:00.
    const listing = await publishedListing(hosting, host);
    const find = (query: Record<string, string | number>) =>
      findsNear(hosting.app, listing.id, listing.geolocation ?? { lat: 0, lng: 0 }, query);

    expect(await find({ dates: '2026-05-05,2026-05-05' })).toBe(true);
    expect(await find({ dates: '2026-05-09,2026-05-10' })).toBe(false); // the weekend
    expect(await find({ dates: '2026-05-05,2026-05-05', minDuration: 540 })).toBe(true);
    expect(await find({ dates: '2026-05-05,2026-05-05', minDuration: 600 })).toBe(false);
    expect(await find({ dates: '2026-05-05,2026-05-05', times: '17:00,20:00' })).toBe(true);
    expect(await find({ dates: '2026-05-05,2026-05-05', times: '17:30,20:00' })).toBe(false);
    expect(await find({ dates: '2026-05-05,2026-05-05', times: '18:00,23:00' })).toBe(false);
    // Beyond the 90-day window nothing is bookable.
    expect(await find({ dates: '2026-08-03,2026-08-07' })).toBe(false);
    expect(await find({ dates: '2026-07-31,2026-07-31' })).toBe(true);

    // An exception closing Tuesday: gone for Tuesday at once.
    const created = await hosting.app.inject({
      method: 'POST',
      url: `/api/own-listings/${listing.id}/availability-exceptions`,
      headers: browser(host.cookie),
      payload: { start: '2026-05-05T07:00:00.000Z', end: '2026-05-05T16:00:00.000Z', seats: 0 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await find({ dates: '2026-05-05,2026-05-05' })).toBe(false);
    const removed = await hosting.app.inject({
      method: 'DELETE',
      url: `/api/own-listings/${listing.id}/availability-exceptions/${created.json().data.id}`,
      headers: browser(host.cookie),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await find({ dates: '2026-05-05,2026-05-05' })).toBe(true);

    // Closed: out of every search; open again: back.
    const close = await hosting.app.inject({
      method: 'POST',
      url: `/api/own-listings/${listing.id}/close`,
      headers: browser(host.cookie),
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(await find({})).toBe(false);
    // The one listing's refresh upserts what it computes and deletes the rows of what it no longer
    // computes (decision 0036): a closed listing keeps no free time.
    const rowsOf = async () =>
      (
        await database.db.execute(sql`
          select (select count(*)::int from listing_free_time where listing_id = ${listing.id}) as exact,
            (select count(*)::int from listing_free_days where listing_id = ${listing.id}) as days`)
      ).rows[0];
    expect(await rowsOf()).toEqual({ exact: 0, days: 0 });
    const open = await hosting.app.inject({
      method: 'POST',
      url: `/api/own-listings/${listing.id}/open`,
      headers: browser(host.cookie),
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(await find({ dates: '2026-05-05,2026-05-05' })).toBe(true);
    expect(await rowsOf()).toEqual({ exact: 1, days: 1 });

    // Moved across the city: the date search finds it where it now is (its day summary keeps a copy
    // of the point), and no longer where it was.
    const moved = await saveTab(hosting.app, host, listing.id, 'location', {
      ...TABS.location,
      origin: { lat: 40.45, lng: -3.65 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await find({ dates: '2026-05-05,2026-05-05' })).toBe(false);
    expect(
      await searchIds(hosting.app, { bounds: boxAround(40.45, -3.65), dates: '2026-05-05,2026-05-05' }),
    ).toContain(listing.id);
  });

  it('answers a search without filters with every published listing, its total kept by the listings’ triggers', async () => {
    // Decision 0055: the total comes from `published_listings`, which must follow every change.
    const counts = async () => {
      const { rows } = await database.db.execute(
        sql`select (select count from published_listings)::int as kept,
              (select count(*) from listings where state = 'published')::int as real`,
      );
      return rows[0] as { kept: number; real: number };
    };
    const before = await counts();
    expect(before.kept).toBe(before.real);
    const [published, toClose, toDelete, draft] = await store([
      { lat: 13, lng: 13 },
      { lat: 13, lng: 13 },
      { lat: 13, lng: 13 },
      { lat: 13, lng: 13, state: 'draft' },
    ]);
    expect(await counts()).toEqual({ kept: before.real + 3, real: before.real + 3 });
    await database.db
      .update(listings)
      .set({ state: 'closed' })
      .where(eq(listings.id, toClose as string));
    await database.db.delete(listings).where(eq(listings.id, toDelete as string));
    // An edit that publishes nothing changes nothing.
    await database.db
      .update(listings)
      .set({ title: 'Sala renovada' })
      .where(eq(listings.id, published as string));
    await database.db
      .update(listings)
      .set({ state: 'published' })
      .where(eq(listings.id, draft as string));
    const after = await counts();
    expect(after).toEqual({ kept: before.real + 2, real: before.real + 2 });

    const first = await search(hosting.app, {});
    expect(first.meta.totalItems).toBe(after.real);
    const { rows } = await database.db.execute(
      sql`select id from listings where state = 'published' order by created_at desc, id desc limit 24`,
    );
    expect(first.data.map((card) => card.id)).toEqual(rows.map((row) => (row as { id: string }).id));
    const beyond = await search(hosting.app, { page: Math.ceil(after.real / 24) + 1 });
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.totalItems).toBe(after.real);
  });

  it('runs a date search with JIT compilation and sequential scans off (and generic plans for dates alone), in its own transaction only', async () => {
    // Decision 0051: PostgreSQL builds with JIT spent seconds compiling a date search's page walk;
    // decision 0058: a freshly analysed database read the whole day summary table for a map box.
    const settings: string[] = [];
    const recording = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return (work: (tx: typeof database.db) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            const result = await work(tx);
            const { rows } = await tx.execute(
              sql`select concat_ws(' ', current_setting('jit'), current_setting('enable_seqscan'),
                current_setting('plan_cache_mode')) as settings`,
            );
            settings.push((rows[0] as { settings: string }).settings);
            return result;
          });
      },
    });
    const today = dateKeyAt(hosting.clock.now().getTime(), 'Europe/Madrid');
    const dates = { start: today, end: today };
    // Dates alone: one prepared statement, planned generically (decision 0061); with a filter, not.
    await searchRepository(recording).search(
      { page: 1, perPage: 24, sort: 'createdAt', dates },
      hosting.clock.now(),
    );
    await searchRepository(recording).search(
      { page: 1, perPage: 24, sort: 'createdAt', dates, people: 2 },
      hosting.clock.now(),
    );
    expect(settings).toEqual(['off off force_generic_plan', 'off off auto']);
    const { rows } = await database.db.execute(
      sql`select current_setting('jit') as jit, current_setting('enable_seqscan') as seqscan,
        current_setting('plan_cache_mode') as plans`,
    );
    expect(rows[0]).not.toMatchObject({ jit: 'off' });
    expect(rows[0]).toMatchObject({ seqscan: 'on', plans: 'auto' });
  });

  // Last: it moves the clock.
  it('follows the moving booking window through the daily job', async () => {
    const place = { lat: 12, lng: 12 };
    const [id] = await store([
      {
        ...place,
        rules: { ...DEFAULT_BOOKING_RULES, bookingWindowDays: 1 },
        plan: { ...OFFICE_PLAN, entries: [] },
      },
    ]);
    // A plan open every day, all day, one day ahead at most.
    await database.db
      .update(listings)
      .set({
        availabilityPlan: { type: 'availability-plan/day', timezone: 'Europe/Madrid', entries: DAY_ENTRIES },
      })
      .where(eq(listings.id, id as string));
    const job = searchFreeTimeJob(database.db, hosting.clock);
    await job.handle({}, { id: 'first', retryCount: 0 });
    const bounds = boxAround(place.lat, place.lng);
    const today = () => dateKeyAt(hosting.clock.now().getTime(), 'Europe/Madrid');
    expect(await searchIds(hosting.app, { bounds, dates: `${today()},${today()}` })).toEqual([id]);
    hosting.clock.advance(5 * TIME_MS.day);
    // Five days on, the stored time (the window and two days more) is behind: today is not found…
    expect(await searchIds(hosting.app, { bounds, dates: `${today()},${today()}` })).toEqual([]);
    // …until the daily run computes it again.
    await job.handle({}, { id: 'second', retryCount: 0 });
    expect(await searchIds(hosting.app, { bounds, dates: `${today()},${today()}` })).toEqual([id]);
  });
});

/** How many times an analysed plan ran a scan of the text copy's text index. */
function loopsOn(node: PlanNode | undefined): number {
  return planNodes(node, (scan) => scan['Index Name'] === 'listing_search_text_vector_idx').reduce(
    (sum, scan) => sum + (scan['Actual Loops'] ?? 0),
    0,
  );
}
