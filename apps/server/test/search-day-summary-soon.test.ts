import { type AvailabilityPlan, WEEKDAYS } from '@hora/core/availability';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { listingFreeDays, listingFreeTime } from '../src/db/schema/index.ts';
import { SOON_DAYS } from '../src/modules/search/free-time-summary.ts';
import { searchRepository } from '../src/modules/search/repository.ts';
import type { TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, type HostingApp, signUp } from './listings.ts';
import { exampleRules, findsNear, storeRefreshed } from './search.ts';

/**
 * The plan PostgreSQL makes, once per connection, for the statement of a search by dates in a box
 * (generic, as the search's transaction asks: decision 0061), as text.
 */
async function datesAlonePlan(day: string, now: Date): Promise<string> {
  const sent = vi.spyOn(pg.Client.prototype, 'query');
  await searchRepository(database.db).search(
    {
      page: 1,
      perPage: 24,
      sort: 'createdAt',
      bounds: { ne: { lat: 89, lng: 111 }, sw: { lat: 80, lng: 109 } },
      dates: { start: day as never, end: day as never },
      minDuration: 120,
    },
    now,
  );
  const [query, values] =
    sent.mock.calls.find(([sent]) =>
      (sent as { text?: string }).text?.includes('from listing_free_days d where'),
    ) ?? [];
  const statement = query as { text?: string; values?: unknown[] } | undefined;
  const parameters = statement?.values ?? (values as unknown as unknown[] | undefined) ?? [];
  sent.mockRestore();
  if (!statement?.text) throw new Error('No statement was sent');
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await client.query(
      'set local enable_seqscan = off; set local jit = off; set local plan_cache_mode = force_generic_plan',
    );
    await client.query({ name: 'dates_alone', text: statement.text, values: parameters });
    const literal = (value: unknown) => (value === null ? 'null' : `'${String(value).replace(/'/g, "''")}'`);
    const plan = await client.query(`explain execute dates_alone(${parameters.map(literal).join(', ')})`);
    return plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
    client.release(true);
  }
}

/**
 * Decision 0061: a date search reads the summary's first `SOON_DAYS` days from the zone and point
 * index, the whole summary after them; and takes no hour of margin for a daylight-saving change
 * when none falls between today and the asked days.
 */

const database = await createTestDatabase();
let hosting: HostingApp;
let host: TestUser;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
  host = await signUp(hosting.app, { firstName: 'Marta', lastName: 'Puig' });
});

const DAY_MS = 86_400_000;

/** Open every day, in Madrid, bookable by the hour. */
const EVERY_DAY: AvailabilityPlan = {
  type: 'availability-plan/day',
  timezone: 'Europe/Madrid',
  entries: WEEKDAYS.map((dayOfWeek) => ({ dayOfWeek, seats: 1 })),
};
const HOURLY = exampleRules({ minDurationMinutes: 60, slotStepMinutes: 60 });

const found = (id: string, lat: number, query: Record<string, string | number>) =>
  findsNear(hosting.app, id, { lat, lng: 110 }, query);

describe('the day summary’s next days', () => {
  it('keeps its first days beside it, and a search finds the listing on the days before and after them', async () => {
    // Monday 4 September 2028, 10:00 in Madrid; open every day.
    hosting.clock.set('2028-09-04T08:00:00.000Z');
    const id = await storeRefreshed(database.db, hosting, host.id, {
      lat: 83,
      lng: 110,
      plan: EVERY_DAY,
      rules: HOURLY,
    });
    const [row] = await database.db
      .select({
        longest: listingFreeDays.dayLongest,
        soonLongest: listingFreeDays.soonLongest,
        soonReach: listingFreeDays.soonReach,
        reach: listingFreeDays.dayReach,
      })
      .from(listingFreeDays)
      .where(eq(listingFreeDays.listingId, id));
    if (!row?.longest || !row.soonLongest || !row.reach || !row.soonReach) throw new Error('No day summary');
    expect(row.longest.length).toBeGreaterThan(SOON_DAYS);
    expect(row.soonLongest).toEqual(row.longest.subarray(0, SOON_DAYS));
    expect(row.soonReach).toEqual(row.reach.subarray(0, SOON_DAYS));
    // The summary starts today: the last days of its first part, and the first ones after it.
    for (let day = SOON_DAYS - 2; day <= SOON_DAYS + 1; day += 1) {
      const date = new Date(hosting.clock.now().getTime() + day * DAY_MS).toISOString().slice(0, 10);
      expect(await found(id, 83, { dates: `${date},${date}`, minDuration: 120 }), date).toBe(true);
    }
  });

  it('decides days past its first ones from the whole summary', async () => {
    // Decision 0072. Monday 4 September 2028, 10:00 in Madrid; open every day but Sunday the 24th
    // (20 days ahead, past the days the first index carries), which an exception closes.
    hosting.clock.set('2028-09-04T08:00:00.000Z');
    const closed = {
      start: new Date('2028-09-23T22:00:00.000Z'),
      end: new Date('2028-09-24T22:00:00.000Z'),
      seats: 0,
    };
    const store = (lat: number, rules = HOURLY, exceptions = [closed]) =>
      storeRefreshed(database.db, hosting, host.id, { lat, lng: 110, plan: EVERY_DAY, rules, exceptions });
    const search = (lat: number, listing: string, date: string) =>
      found(listing, lat, { dates: `${date},${date}`, minDuration: 120 });
    const [open, summarised, unsummarised, shortWindow] = [85, 86, 87, 88];
    const id = await store(open);
    expect(await search(open, id, '2028-09-24')).toBe(false);
    expect(await search(open, id, '2028-09-25')).toBe(true);
    // Only the summary can answer once the exact free time says the opposite: every day free, then
    // none. Its bytes of the 24th and 25th decide, each for its own day.
    const other = await store(summarised);
    const exactly = (free: string) =>
      database.db.update(listingFreeTime).set({ free }).where(eq(listingFreeTime.listingId, other));
    await exactly('{[2028-09-01 00:00:00+00,2028-12-31 00:00:00+00)}');
    expect(await search(summarised, other, '2028-09-24')).toBe(false);
    await exactly('{}');
    expect(await search(summarised, other, '2028-09-25')).toBe(true);
    // A row not summarised yet is checked exactly, as before.
    const unknown = await store(unsummarised);
    await database.db
      .update(listingFreeDays)
      .set({ dayLongest: null, dayLongestStart: null, dayReach: null, dayLastEnd: null })
      .where(eq(listingFreeDays.listingId, unknown));
    expect(await search(unsummarised, unknown, '2028-09-24')).toBe(false);
    expect(await search(unsummarised, unknown, '2028-09-25')).toBe(true);
    // A summary that ends before the asked day rules the listing out: a window of 10 days is
    // summarised from yesterday for 15 days, through the 17th; the 18th is the first day after it.
    const near = await store(shortWindow, { ...HOURLY, bookingWindowDays: 10 }, []);
    expect(await search(shortWindow, near, '2028-09-13')).toBe(true);
    expect(await search(shortWindow, near, '2028-09-18')).toBe(false);
    expect(await search(shortWindow, near, '2028-09-25')).toBe(false);
  });

  it('counts a search of later days from the index of whole summaries, one of the next days from that of their first days', async () => {
    // Decision 0072: a generic plan guesses one row in a box, for which the narrower index and a row
    // fetched look cheaper than the wider index alone; the narrower one is partial, so only the near
    // search, which states its condition, may read it.
    const now = new Date('2028-09-04T08:00:00.000Z');
    const far = await datesAlonePlan('2028-09-24', now);
    expect(far).toContain('Index Only Scan using listing_free_days_zone_key_point_days_idx');
    expect(far).not.toContain('listing_free_days_zone_key_point_soon_idx');
    const near = await datesAlonePlan('2028-09-08', now);
    expect(near).toContain('Index Only Scan using listing_free_days_zone_key_point_soon_idx');
  });

  it('decides tomorrow evening from the summary alone when no clock change falls before it', async () => {
    // Friday 24 November 2028, 21:30 in Madrid; a day's notice: Saturday is bookable from 21:30 to
    // midnight, two and a half hours. The exact free time is then overwritten to say "nothing free":
    // only the summary, clipped at now + notice with no hour of margin, still finds it.
    hosting.clock.set('2028-11-24T20:30:00.000Z');
    const plan: AvailabilityPlan = {
      type: 'availability-plan/time',
      timezone: 'Europe/Madrid',
      entries: [{ dayOfWeek: 'sat', seats: 1, startTime: '09:00', endTime: '00:00' }],
    };
    const rules = exampleRules({
      minDurationMinutes: 30,
      slotStepMinutes: 30,
      advanceNoticeMinutes: 24 * 60,
    });
    const id = await storeRefreshed(database.db, hosting, host.id, { lat: 84, lng: 110, plan, rules });
    expect(await found(id, 84, { dates: '2028-11-25,2028-11-25', minDuration: 150 })).toBe(true);
    expect(await found(id, 84, { dates: '2028-11-25,2028-11-25', minDuration: 180 })).toBe(false);
    await database.db.update(listingFreeTime).set({ free: '{}' }).where(eq(listingFreeTime.listingId, id));
    expect(await found(id, 84, { dates: '2028-11-25,2028-11-25', minDuration: 120 })).toBe(true);
    expect(
      await found(id, 84, { dates: '2028-11-25,2028-11-25', times: '20:00,23:59', minDuration: 120 }),
    ).toBe(true);
  });
});
