import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { planEntryIssues } from '@hora/core/availability';
import { CATEGORIES } from '@hora/core/config';
import { isValidTimeZone } from '@hora/core/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createLocalImageStorage } from '../adapters/storage/index.ts';
import {
  LISTING_IMAGE_VARIANT_NAMES,
  type ListingImageFormat,
  listingImageKey,
} from '../modules/images/index.ts';
import { BENCH_HOST_DOMAIN, type BenchFixtureResult, fillBenchListings } from './bench-listings.ts';
import { BENCH_PLACES, placeSlots } from './bench-places.ts';

const database = await createTestDatabase();
const now = new Date('2026-11-22T10:00:00Z');
let result: BenchFixtureResult;

interface Row {
  [column: string]: unknown;
}
const rows = async (query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as Row[];

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'hora-bench-photos-'));
const storage = createLocalImageStorage({ uploadsDir });

beforeAll(async () => {
  result = await fillBenchListings(database.db, { listings: 500, hosts: 40, now, batchSize: 200, storage });
}, 60_000);

afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

describe('placeSlots', () => {
  it('spreads the places by weight, half of them in the three cities', () => {
    const slots = placeSlots(1000);
    expect(slots).toHaveLength(1000);
    const threeCities = slots.filter((index) => index < 3).length;
    expect(threeCities).toBeGreaterThan(450);
    expect(threeCities).toBeLessThan(560);
    expect(new Set(slots).size).toBe(BENCH_PLACES.length);
  });
});

describe('fillBenchListings', () => {
  it('writes the listings asked for, spread over the hosts asked for', async () => {
    expect(result).toMatchObject({ listings: 500, hosts: 40 });
    const [counts] = await rows(sql`
      select count(*)::int as listings, count(distinct author_id)::int as authors from listings`);
    expect(counts).toEqual({ listings: 500, authors: 40 });
    const [hosts] = await rows(sql`
      select count(*)::int as count from users where email like ${`%@${BENCH_HOST_DOMAIN}`}`);
    expect(hosts).toEqual({ count: 40 });
  });

  it('publishes most of them, and each published one has what the wizard requires', async () => {
    const states = Object.fromEntries(
      (await rows(sql`select state, count(*)::int as count from listings group by state`)).map((row) => [
        row.state,
        row.count,
      ]),
    );
    expect(states.published).toBeGreaterThan(450);
    const incomplete = await rows(sql`
      select id from listings where state = 'published' and (
        availability_plan is null or latitude is null or longitude is null or address is null
        or price_amount is null or cardinality(categories) = 0 or capacity is null
        or title = '' or description = '' or published_at is null)`);
    expect(incomplete).toEqual([]);
  });

  it('writes valid plans, prices, categories, coordinates and titles', async () => {
    const all = await rows(sql`
      select title, categories, latitude, longitude, time_zone, availability_plan as plan, price_amount,
        negotiation, min_price_amount, max_price_amount, min_duration_minutes, slot_step_minutes
      from listings`);
    for (const listing of all) {
      const plan = listing.plan as {
        type: 'availability-plan/day' | 'availability-plan/time';
        timezone: string;
        entries: never[];
      };
      expect(plan.timezone).toBe(listing.time_zone);
      expect(isValidTimeZone(plan.timezone)).toBe(true);
      expect(planEntryIssues(plan.type, plan.entries)).toEqual([]);
      expect((listing.title as string).length).toBeLessThanOrEqual(60);
      for (const category of listing.categories as string[]) expect(CATEGORIES).toContain(category);
      expect(Math.abs(listing.latitude as number)).toBeLessThanOrEqual(90);
      expect(listing.latitude as number).toBeGreaterThan(27);
      expect(listing.longitude as number).toBeGreaterThan(-17);
      expect(listing.price_amount as number).toBeGreaterThanOrEqual(1000);
      expect(listing.price_amount as number).toBeLessThanOrEqual(15000);
      expect((listing.min_duration_minutes as number) % (listing.slot_step_minutes as number)).toBe(0);
      if (listing.negotiation === 'yes') {
        // The price of a negotiable listing is the midpoint of its range (core's rule).
        const midpoint = ((listing.min_price_amount as number) + (listing.max_price_amount as number)) / 2;
        expect(listing.price_amount).toBe(midpoint);
      }
    }
  });

  it('adds exceptions ahead of now that never overlap (the constraint held while writing)', async () => {
    expect(result.exceptions).toBeGreaterThan(50);
    const [range] = await rows(sql`
      select min(starts_at) > ${now} as ahead, bool_and(ends_at > starts_at) as ordered from availability_exceptions`);
    expect(range).toEqual({ ahead: true, ordered: true });
  });

  it('gives every listing one to four photos, its category’s cover first, all pointing at stored files', async () => {
    const [counts] = await rows(sql`
      select count(*)::int as photos, count(distinct listing_id)::int as listings, max(position)::int as last
      from images where kind = 'listing'`);
    expect(counts).toEqual({ photos: result.photos, listings: 500, last: 3 });
    const prefixes = await rows(sql`select distinct key_prefix, formats from images where kind = 'listing'`);
    expect(prefixes.length).toBeLessThanOrEqual(CATEGORIES.length + 3);
    for (const { key_prefix, formats } of prefixes) {
      for (const variant of LISTING_IMAGE_VARIANT_NAMES) {
        for (const format of formats as ListingImageFormat[]) {
          expect(
            existsSync(path.join(uploadsDir, listingImageKey(key_prefix as string, variant, format))),
          ).toBe(true);
        }
      }
    }
    // One cover per category: every listing of a category opens on the same picture, others on others.
    const covers = await rows(sql`
      select l.categories[1] as category, count(distinct i.key_prefix)::int as covers
      from listings l join images i on i.listing_id = l.id and i.position = 0 group by 1`);
    for (const cover of covers) expect(cover.covers, String(cover.category)).toBe(1);
    const [distinct] = await rows(sql`
      select count(distinct key_prefix)::int as count from images where position = 0`);
    expect(distinct?.count).toBe(covers.length);
  });

  it('adds new listings on a second fill and reuses the hosts', async () => {
    const second = await fillBenchListings(database.db, { listings: 100, hosts: 40, now, storage });
    expect(second.listings).toBe(100);
    const [counts] = await rows(sql`
      select (select count(*)::int from listings) as listings,
        (select count(*)::int from users where email like ${`%@${BENCH_HOST_DOMAIN}`}) as hosts`);
    expect(counts).toEqual({ listings: 600, hosts: 40 });
  });
});
