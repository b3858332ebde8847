import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema/index.ts';
import type { TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, type HostingApp, signUp } from './listings.ts';
import { search, storeListings } from './search.ts';

/**
 * A map box's count without other filters comes from the kept counts of whole cells plus exact
 * bands at the edges (decision 0059): it must equal counting the box's published listings, for
 * points on cell and box edges too, after listings are published, closed, moved and deleted.
 */

const database = await createTestDatabase();
let hosting: HostingApp;
let host: TestUser;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
  host = await signUp(hosting.app, { firstName: 'Marta', lastName: 'Puig' });
});

/** The test's region: a tenth of a degree a side, far from other tests' places. */
const SOUTH = -30.05;
const WEST = 50.05;
/** Coordinates of the region in hundred-thousandths, many on a cell's edge (every 1 000). */
const coordinate = (origin: number) =>
  fc
    .oneof(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 10 }).map((n) => n * 1000),
    )
    .map((n) => Math.round((origin + n / 100_000) * 100_000) / 100_000);

async function direct(box: { north: number; east: number; south: number; west: number }): Promise<number> {
  const { rows } = await database.db.execute(
    sql`select count(*)::int as total from listings where state = 'published'
        and latitude between ${box.south}::float8 and ${box.north}::float8
        and longitude between ${box.west}::float8 and ${box.east}::float8`,
  );
  return (rows[0] as { total: number }).total;
}

async function keptMatchesListings(): Promise<void> {
  const { rows } = await database.db.execute(sql`
    select coalesce(k.cell_lat, r.cell_lat) as cell_lat, coalesce(k.cell_lng, r.cell_lng) as cell_lng,
      coalesce(k.listings, 0) as kept, coalesce(r.listings, 0) as real
    from listing_point_cells k
    full join (
      select floor(latitude * 100)::int as cell_lat, floor(longitude * 100)::int as cell_lng, count(*)::int as listings
      from listings where state = 'published' and latitude is not null and longitude is not null group by 1, 2
    ) r on r.cell_lat = k.cell_lat and r.cell_lng = k.cell_lng
    where coalesce(k.listings, 0) <> coalesce(r.listings, 0)`);
  expect(rows).toEqual([]);
}

describe('the count of a map box alone', () => {
  it('equals counting its published listings, on cell and box edges, as listings change', async () => {
    const points = await fc.sample(fc.tuple(coordinate(SOUTH), coordinate(WEST)), { numRuns: 400, seed: 59 });
    const ids = await storeListings(
      database.db,
      hosting,
      host.id,
      points.map(([lat, lng], index) => ({
        lat,
        lng,
        plan: null,
        state: index % 9 === 0 ? ('draft' as const) : ('published' as const),
      })),
    );
    await keptMatchesListings();

    const boxes = fc
      .tuple(coordinate(SOUTH), coordinate(SOUTH), coordinate(WEST), coordinate(WEST))
      .map(([lat1, lat2, lng1, lng2]) => ({
        south: Math.min(lat1, lat2),
        north: Math.max(lat1, lat2),
        west: Math.min(lng1, lng2),
        east: Math.max(lng1, lng2),
      }));
    const check = async (box: { north: number; east: number; south: number; west: number }) => {
      const answer = await search(hosting.app, {
        bounds: [box.north, box.east, box.south, box.west].join(','),
      });
      expect(answer.meta.totalItems, JSON.stringify(box)).toBe(await direct(box));
    };
    // Boxes on the points themselves (an edge through a listing) and the whole region too.
    const onPoints = points.slice(0, 20).map(([lat, lng], i) => {
      const [otherLat, otherLng] = points[points.length - 1 - i] as [number, number];
      return {
        south: Math.min(lat, otherLat),
        north: Math.max(lat, otherLat),
        west: Math.min(lng, otherLng),
        east: Math.max(lng, otherLng),
      };
    });
    const region = { south: SOUTH, north: SOUTH + 0.1, west: WEST, east: WEST + 0.1 };
    for (const box of [region, ...onPoints, ...fc.sample(boxes, { numRuns: 40, seed: 7 })]) await check(box);

    // Close some, publish drafts, move some across cells, drop the point of one, delete some.
    const some = (step: number, offset: number) => ids.filter((_, index) => index % step === offset);
    await database.db.execute(
      sql`update listings set state = 'closed' where id = any(${`{${some(7, 1).join(',')}}`}::uuid[])`,
    );
    await database.db.execute(
      sql`update listings set state = 'published' where id = any(${`{${some(9, 0).join(',')}}`}::uuid[])`,
    );
    await database.db.execute(
      sql`update listings set latitude = latitude + 0.013, longitude = longitude - 0.021
          where id = any(${`{${some(5, 2).join(',')}}`}::uuid[])`,
    );
    await database.db.execute(
      sql`update listings set latitude = null, longitude = null where id = ${ids[3] as string}`,
    );
    await database.db.execute(sql`update listings set title = 'Otra sala' where id = ${ids[4] as string}`);
    await database.db.execute(
      sql`delete from listings where id = any(${`{${some(11, 5).join(',')}}`}::uuid[])`,
    );
    await keptMatchesListings();
    for (const box of [region, ...onPoints, ...fc.sample(boxes, { numRuns: 40, seed: 8 })]) await check(box);
  });

  it('leaves the kept counts alone on an edit that neither publishes, closes nor moves', async () => {
    const [id] = await storeListings(database.db, hosting, host.id, [{ lat: -29.5, lng: 50.5, plan: null }]);
    const cell = async () =>
      (
        await database.db.execute(
          sql`select xmin::text as version, listings from listing_point_cells where cell_lat = -2950 and cell_lng = 5050`,
        )
      ).rows[0];
    const before = await cell();
    expect(before).toMatchObject({ listings: 1 });
    await database.db
      .update(listings)
      .set({ title: 'Sala grande' })
      .where(sql`id = ${id as string}`);
    expect(await cell()).toEqual(before);
  });
});
