import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/executor.ts';
import { type SearchParams, searchRepository } from '../src/modules/search/repository.ts';
import { signUp } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, type HostingApp } from './listings.ts';
import { OFFICE_PLAN, storeListings } from './search.ts';

// Decision 0067: the day summaries' point index is led by `zone_key`, PostgreSQL's hash of the
// zone's name, and a date search's count reads one range of it per zone.

const database = await createTestDatabase();
let hosting: HostingApp;
let hostId: string;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
  hostId = (await signUp(hosting.app, { firstName: 'Iker', lastName: 'Sanz' })).id;
});

describe('the day summaries’ zone key', () => {
  it('is its own for every zone name PostgreSQL or the runtime knows', async () => {
    const runtime = Intl.supportedValuesOf('timeZone');
    const { rows } = await database.db.execute(sql`
      select count(*)::int as names, count(distinct hashtext(name))::int as keys
      from (select name from pg_timezone_names union select unnest(${`{${runtime.join(',')}}`}::text[])) z`);
    expect(rows[0]).toEqual({ names: expect.any(Number), keys: rows[0]?.names });
    expect(rows[0]?.names).toBeGreaterThan(runtime.length - 1);
  });

  it('counts each zone’s listings once, and only its own, even were two zones to share a key', async () => {
    const place = { lat: 28.1, lng: -15.4 };
    const canary = { ...OFFICE_PLAN, timezone: 'Atlantic/Canary' };
    const madrid = await storeListings(database.db, hosting, hostId, [
      { lat: place.lat, lng: place.lng },
      { lat: place.lat + 0.001, lng: place.lng },
      { lat: place.lat, lng: place.lng + 0.001 },
    ]);
    const islands = await storeListings(database.db, hosting, hostId, [
      { lat: place.lat, lng: place.lng, plan: canary },
      { lat: place.lat - 0.001, lng: place.lng, plan: canary },
    ]);
    const { rows: keys } = await database.db.execute(sql`
      select distinct time_zone, zone_key, hashtext(time_zone) as hashed from listing_free_days
      where listing_id = any(${`{${[...madrid, ...islands].join(',')}}`}::uuid[]) order by time_zone`);
    expect(keys).toEqual([
      { time_zone: 'Atlantic/Canary', zone_key: keys[0]?.hashed, hashed: expect.any(Number) },
      { time_zone: 'Europe/Madrid', zone_key: keys[1]?.hashed, hashed: expect.any(Number) },
    ]);

    // A Tuesday, both plans open 09:00–18:00 in their own zones.
    const params: SearchParams = {
      page: 1,
      perPage: 24,
      sort: '-createdAt',
      bounds: {
        ne: { lat: place.lat + 0.01, lng: place.lng + 0.01 },
        sw: { lat: place.lat - 0.01, lng: place.lng - 0.01 },
      },
      dates: { start: '2026-05-05', end: '2026-05-05' },
      minDuration: 120,
    };
    const now = hosting.clock.now();
    const found = await searchRepository(database.db).search(params, now);
    expect(found.total).toBe(5);
    expect([...found.ids].sort()).toEqual([...madrid, ...islands].sort());

    // Every zone told Madrid's key, as if the names shared it: each zone's range then holds
    // Madrid's summaries, and each zone still counts only the summaries of its own name.
    const madridKey = keys[1]?.hashed;
    const shared = await searchRepository(withZoneKey(database.db, madridKey as number)).search(params, now);
    expect(shared.total).toBe(3);
    expect([...shared.ids].sort()).toEqual([...madrid].sort());
  });
});

/**
 * `db` whose date searches read every zone's key as `key`: the zones' statement (prepared, through
 * the session's `prepareQuery`) answers it.
 */
function withZoneKey<T extends Executor>(db: T, key: number): T {
  type Result = { rows: Record<string, unknown>[] };
  const rewritten = (result: Result): Result => {
    const zones = result.rows.length > 0 && result.rows.every((row) => 'zone' in row && 'key' in row);
    return zones ? { ...result, rows: result.rows.map((row) => ({ ...row, key })) } : result;
  };
  const override = <O extends object>(target: O, name: string, value: unknown): O =>
    new Proxy(target, {
      get: (object, property, receiver) =>
        property === name ? value : Reflect.get(object, property, receiver),
    });
  const rewrite = <E extends Executor>(executor: E): E => {
    const { session } = executor._;
    const prepareQuery = (...args: Parameters<typeof session.prepareQuery>) => {
      const prepared = session.prepareQuery(...args);
      const execute = async (...values: Parameters<typeof prepared.execute>) =>
        rewritten((await prepared.execute(...values)) as Result);
      return override(prepared, 'execute', execute);
    };
    const internals = { ...executor._, session: override(session, 'prepareQuery', prepareQuery) };
    const transaction = (run: (tx: Executor) => Promise<unknown>) =>
      executor.transaction((tx) => run(rewrite(tx)));
    return override(override(executor, '_', internals), 'transaction', transaction);
  };
  return rewrite(db);
}
