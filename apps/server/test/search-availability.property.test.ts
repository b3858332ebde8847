import {
  type AvailabilityPlan,
  bookableSlots,
  type PlanEntry,
  type SeatBooking,
} from '@hora/core/availability';
import { TIME_MS } from '@hora/core/config';
import type { BookingRules } from '@hora/core/listing';
import { addDays, type DateKey, dateKeyAt, startOfDayAt, zonedTimeToInstant } from '@hora/core/time';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { listingFreeDays, listingFreeTime } from '../src/db/schema/index.ts';
import { dayNumber } from '../src/modules/search/free-time-summary.ts';
import type { TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, type HostingApp, signUp } from './listings.ts';
import { boxAround, exampleRules, findsNear, searchIds, storeRefreshed } from './search.ts';

/**
 * The search's date filter against core: for random plans, exceptions, seat-holding bookings,
 * booking rules, clocks, days, hours and lengths, a listing is found exactly when core's
 * `bookableSlots` offers a stretch at least that long inside the asked time.
 */

const database = await createTestDatabase();
let hosting: HostingApp;
let host: TestUser;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
  host = await signUp(hosting.app, { firstName: 'Marta', lastName: 'Puig' });
  // A week before Europe's autumn daylight-saving change; each run moves the clock on.
  hosting.clock.set('2026-10-19T10:07:00.000Z');
});

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const QUARTER = 15 * TIME_MS.minute;
const time = (quarters: number) =>
  `${String(Math.floor(quarters / 4)).padStart(2, '0')}:${String((quarters % 4) * 15).padStart(2, '0')}`;

const rulesArb: fc.Arbitrary<BookingRules> = fc
  .record({
    step: fc.constantFrom(30 as const, 60 as const),
    minSteps: fc.integer({ min: 1, max: 4 }),
    bufferBeforeMinutes: fc.constantFrom(0, 15, 30),
    bufferAfterMinutes: fc.constantFrom(0, 15, 45),
    advanceNoticeMinutes: fc.constantFrom(0, 45, 180, 24 * 60),
    bookingWindowDays: fc.constantFrom(1, 2, 4, 90),
  })
  .map((r) => ({
    minDurationMinutes: r.minSteps * r.step,
    maxDurationMinutes: null,
    bufferBeforeMinutes: r.bufferBeforeMinutes,
    bufferAfterMinutes: r.bufferAfterMinutes,
    advanceNoticeMinutes: r.advanceNoticeMinutes,
    bookingWindowDays: r.bookingWindowDays,
    slotStepMinutes: r.step,
  }));

/** Plans in quarter hours; whole days now and then. */
const planArb = (timezone: string): fc.Arbitrary<AvailabilityPlan> =>
  fc.oneof(
    fc
      .uniqueArray(
        fc.tuple(
          fc.constantFrom(...DAYS),
          fc.integer({ min: 0, max: 90 }),
          fc.integer({ min: 1, max: 40 }),
          fc.integer({ min: 1, max: 2 }),
        ),
        { maxLength: 7, selector: ([day]) => day },
      )
      .map((entries) => ({
        type: 'availability-plan/time' as const,
        timezone,
        entries: entries.map(
          ([dayOfWeek, start, length, seats]): PlanEntry => ({
            dayOfWeek,
            seats,
            startTime: time(start),
            endTime: start + length >= 96 ? '00:00' : time(start + length),
          }),
        ),
      })),
    fc.uniqueArray(fc.constantFrom(...DAYS), { maxLength: 7 }).map((days) => ({
      type: 'availability-plan/day' as const,
      timezone,
      entries: days.map((dayOfWeek): PlanEntry => ({ dayOfWeek, seats: 1 })),
    })),
  );

const scenario = fc.constantFrom('Europe/Madrid', 'Atlantic/Canary', 'Asia/Kolkata').chain((zone) =>
  fc.record({
    zone: fc.constant(zone),
    /** How far the clock moves before this run, in quarter hours (it only goes forward). */
    advance: fc.integer({ min: 0, max: 200 }),
    /** Whether the day summary is there (else, as for rows from before it, the exact check decides). */
    summarised: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
    plan: planArb(zone),
    rules: rulesArb,
    /** Disjoint exceptions: [gap before, length] in quarters from a day before now, seats. */
    exceptions: fc.array(
      fc.tuple(
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 2 }),
      ),
      { maxLength: 3 },
    ),
    bookings: fc.array(
      fc.tuple(
        fc.integer({ min: -10, max: 5 * 96 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 2 }),
      ),
      { maxLength: 4 },
    ),
    queries: fc.array(
      fc.record({
        /** First day, from today − 1 in the listing's zone; then how many more (past a week now and then). */
        from: fc.integer({ min: -1, max: 5 }),
        extra: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 7, max: 12 })),
        times: fc.option(
          fc
            .tuple(fc.integer({ min: 0, max: 94 }), fc.integer({ min: 1, max: 40 }))
            .map(([start, length]) => [start, Math.min(95, start + length)] as const),
          { nil: undefined },
        ),
        minDuration: fc.option(fc.constantFrom(0, 30, 60, 90, 120, 240, 600, 1440), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  }),
);

let run = 0;

/** A listing is found exactly when core offers a long enough stretch in the asked days and hours. */
const agreesWithCore = fc.asyncProperty(
  scenario,
  async ({ zone, advance, summarised, plan, rules, exceptions, bookings, queries }) => {
    const now = hosting.clock.advance(advance * QUARTER).getTime();
    const exceptionsAt: { start: Date; end: Date; seats: number }[] = [];
    let cursor = now - TIME_MS.day;
    for (const [gap, length, seats] of exceptions) {
      const start = cursor + gap * QUARTER;
      exceptionsAt.push({ start: new Date(start), end: new Date(start + length * QUARTER), seats });
      cursor = start + length * QUARTER;
    }
    const held: SeatBooking[] = bookings.map(([start, length, seats]) => ({
      start: new Date(now + start * QUARTER),
      end: new Date(now + (start + length) * QUARTER),
      state: 'accepted',
      seats,
    }));
    // Each run in a place of its own, so no other listing answers.
    run += 1;
    const lat = -60 + run * 0.05;
    const box = boxAround(lat, 100, 0.01);
    // Refreshed as the booking module will, with the fake reader answering for the listing.
    const id = await storeRefreshed(
      database.db,
      hosting,
      host.id,
      { lat, lng: 100, plan, rules, exceptions: exceptionsAt },
      held,
    );
    if (!summarised)
      await database.db
        .update(listingFreeDays)
        .set({ dayLongest: null, dayLongestStart: null, dayReach: null, dayLastEnd: null })
        .where(eq(listingFreeDays.listingId, id));

    for (const query of queries) {
      const today = dateKeyAt(now, zone);
      const first = addDays(today, query.from);
      const last = addDays(first, query.extra);
      const ranges = query.times
        ? Array.from({ length: query.extra + 1 }, (_, i) => {
            const day = addDays(first, i);
            const [start, end] = query.times as readonly [number, number];
            return {
              start: zonedTimeToInstant(day, time(start), zone),
              end: zonedTimeToInstant(day, time(end), zone),
            };
          })
        : [{ start: startOfDayAt(first, zone), end: startOfDayAt(addDays(last, 1), zone) }];
      const wanted = (query.minDuration ?? 0) * TIME_MS.minute;
      const expected = ranges.some((range) =>
        bookableSlots({
          plan,
          exceptions: exceptionsAt,
          bookings: held,
          rules,
          now: new Date(now),
          start: new Date(range.start),
          end: new Date(range.end),
        }).some((slot) => slot.end.getTime() - slot.start.getTime() >= wanted),
      );
      const params: Record<string, string | number> = { bounds: box, dates: `${first},${last}` };
      if (query.times) params.times = `${time(query.times[0])},${time(query.times[1])}`;
      if (query.minDuration !== undefined) params.minDuration = query.minDuration;
      const found = (await searchIds(hosting.app, params)).includes(id);
      expect(found, JSON.stringify({ now: new Date(now), params })).toBe(expected);
    }
  },
);

describe('the search’s free-time filter', () => {
  it('finds a listing exactly when core offers a long enough stretch in the asked days and hours', async () => {
    await fc.assert(agreesWithCore, { numRuns: 40 });
  });

  it('agrees with core across a spring daylight-saving change too, when a day is an hour short', async () => {
    // A week before Europe's spring change (28 March 2027); the clock only moves on.
    hosting.clock.set('2027-03-21T10:07:00.000Z');
    await fc.assert(agreesWithCore, { numRuns: 30 });
  });

  it('does not take a day for wholly bookable when the notice ends past its midnight, the day before an hour short', async () => {
    // Saturday 25 March 2028, 23:30 in Madrid; Sunday is 23 hours. A day's notice ends Monday 00:30.
    hosting.clock.set('2028-03-25T22:30:00.000Z');
    const plan: AvailabilityPlan = {
      type: 'availability-plan/day',
      timezone: 'Europe/Madrid',
      entries: [{ dayOfWeek: 'mon', seats: 1 }],
    };
    const rules = exampleRules({
      minDurationMinutes: 60,
      advanceNoticeMinutes: 24 * 60,
      slotStepMinutes: 60,
    });
    const id = await storeRefreshed(database.db, hosting, host.id, { lat: 75, lng: 100, plan, rules });
    const monday = bookableSlots({
      plan,
      exceptions: [],
      bookings: [],
      rules,
      now: hosting.clock.now(),
      start: new Date(startOfDayAt('2028-03-27', 'Europe/Madrid')),
      end: new Date(startOfDayAt('2028-03-28', 'Europe/Madrid')),
    });
    // Core offers Monday from 01:00: 23 hours, not the whole day.
    expect(monday.map((slot) => (slot.end.getTime() - slot.start.getTime()) / TIME_MS.hour)).toEqual([23]);
    const find = (minDuration: number) =>
      findsNear(hosting.app, id, { lat: 75, lng: 100 }, { dates: '2028-03-27,2028-03-27', minDuration });
    expect(await find(23 * 60)).toBe(true);
    expect(await find(24 * 60)).toBe(false);
  });

  it('reads a day’s longest stretch in half hours exactly: 90 minutes are not two hours', async () => {
    // Decision 0054: the summary stores half hours; a stretch must never read longer than it is.
    hosting.clock.set('2028-06-05T08:00:00.000Z');
    const plan: AvailabilityPlan = {
      type: 'availability-plan/time',
      timezone: 'Europe/Madrid',
      entries: [{ dayOfWeek: 'fri', seats: 1, startTime: '10:30', endTime: '12:00' }],
    };
    const rules = exampleRules({ minDurationMinutes: 30, slotStepMinutes: 30 });
    const id = await storeRefreshed(database.db, hosting, host.id, { lat: 76, lng: 100, plan, rules });
    const find = (minDuration: number, times?: string) =>
      findsNear(
        hosting.app,
        id,
        { lat: 76, lng: 100 },
        { dates: '2028-06-16,2028-06-16', minDuration, ...(times ? { times } : {}) },
      );
    expect(await find(90)).toBe(true);
    expect(await find(120)).toBe(false);
    expect(await find(90, '10:00,12:00')).toBe(true);
    expect(await find(90, '11:00,13:00')).toBe(false);
    expect(await find(60, '11:00,13:00')).toBe(true);
  });

  it('finds a listing whose minimum booking is longer than the summary’s capped reach', async () => {
    // Ten days at least, open every day: the reach of a day (capped at 254 half hours) must not
    // rule it out.
    hosting.clock.set('2028-07-03T08:00:00.000Z');
    const plan: AvailabilityPlan = {
      type: 'availability-plan/day',
      timezone: 'Europe/Madrid',
      entries: DAYS.map((dayOfWeek) => ({ dayOfWeek, seats: 1 })),
    };
    const rules = exampleRules({ minDurationMinutes: 10 * 1440, slotStepMinutes: 60 });
    const id = await storeRefreshed(database.db, hosting, host.id, { lat: 77, lng: 100, plan, rules });
    const find = (dates: string) => findsNear(hosting.app, id, { lat: 77, lng: 100 }, { dates });
    // Twelve days hold ten; a single day does not (the stretch must lie inside the asked days).
    expect(await find('2028-07-10,2028-07-21')).toBe(true);
    expect(await find('2028-07-10,2028-07-10')).toBe(false);
  });
});

describe('the search’s free-time filter at the notice’s edge', () => {
  it('keeps a stretch that ends exactly a booking after now + notice, and drops it a minute later', async () => {
    // Friday 4 August 2028, 10:00 in Madrid; the space opens on Saturdays from 10:00 to 14:00. The
    // asked time ends 28 hours from now: a notice of 26 hours leaves exactly 2 hours (decision 0054's
    // addendum rules out, from the numbers alone, what a minute more of notice leaves too short).
    hosting.clock.set('2028-08-04T08:00:00.000Z');
    const plan: AvailabilityPlan = {
      type: 'availability-plan/time',
      timezone: 'Europe/Madrid',
      entries: [{ dayOfWeek: 'sat', seats: 1, startTime: '10:00', endTime: '14:00' }],
    };
    const listings = [
      { lat: 78, notice: 26 * 60, found: true },
      { lat: 79, notice: 26 * 60 + 1, found: false },
    ];
    for (const { lat, notice, found } of listings) {
      const rules = exampleRules({
        minDurationMinutes: 60,
        slotStepMinutes: 60,
        advanceNoticeMinutes: notice,
      });
      const id = await storeRefreshed(database.db, hosting, host.id, { lat, lng: 100, plan, rules });
      for (const times of ['10:00,14:00', undefined]) {
        const ids = await searchIds(hosting.app, {
          bounds: boxAround(lat, 100, 0.01),
          dates: '2028-08-05,2028-08-05',
          minDuration: 120,
          ...(times ? { times } : {}),
        });
        expect(ids.includes(id), JSON.stringify({ notice, times })).toBe(found);
      }
    }
  });
});

describe('the search’s free-time filter and where a day’s free time ends', () => {
  it('rules out, from the summary alone, a day whose free time ends too soon after now + notice', async () => {
    // Friday 4 August 2028, 13:30 in Madrid, a day's notice: Saturday is bookable from 13:30. One
    // space closes at 14:00 on Saturdays (half an hour left), one at 15:30 (two hours). The first
    // one's exact free time is then overwritten to say "free all Saturday": only the day summary's
    // end (decision 0058) can still rule it out, and does; the exact check alone would find it.
    hosting.clock.set('2028-08-04T11:30:00.000Z');
    const listings = [
      { lat: 80, closes: '14:00', found: false },
      { lat: 81, closes: '15:30', found: true },
    ];
    for (const { lat, closes, found } of listings) {
      const plan: AvailabilityPlan = {
        type: 'availability-plan/time',
        timezone: 'Europe/Madrid',
        entries: [{ dayOfWeek: 'sat', seats: 1, startTime: '09:00', endTime: closes }],
      };
      const rules = exampleRules({
        minDurationMinutes: 30,
        slotStepMinutes: 30,
        advanceNoticeMinutes: 24 * 60,
      });
      const id = await storeRefreshed(database.db, hosting, host.id, { lat, lng: 100, plan, rules });
      if (!found) {
        await database.db
          .update(listingFreeTime)
          .set({ free: '{[2028-08-04T22:00:00.000Z,2028-08-05T22:00:00.000Z)}' })
          .where(eq(listingFreeTime.listingId, id));
      }
      for (const times of [undefined, '12:00,18:00']) {
        const ids = await searchIds(hosting.app, {
          bounds: boxAround(lat, 100, 0.01),
          dates: '2028-08-05,2028-08-05',
          minDuration: 120,
          ...(times ? { times } : {}),
        });
        expect(ids.includes(id), JSON.stringify({ closes, times })).toBe(found);
      }
    }
  });

  it('stores where each day’s free time ends, in half hours, cut at midnight', async () => {
    hosting.clock.set('2028-08-07T08:00:00.000Z');
    const plan: AvailabilityPlan = {
      type: 'availability-plan/time',
      timezone: 'Europe/Madrid',
      entries: [
        { dayOfWeek: 'tue', seats: 1, startTime: '09:00', endTime: '13:15' },
        { dayOfWeek: 'wed', seats: 1, startTime: '20:00', endTime: '00:00' },
        { dayOfWeek: 'thu', seats: 1, startTime: '00:00', endTime: '02:00' },
      ],
    };
    const rules = exampleRules({ minDurationMinutes: 30, slotStepMinutes: 30 });
    const id = await storeRefreshed(database.db, hosting, host.id, { lat: 82, lng: 100, plan, rules });
    const [row] = await database.db
      .select({ firstDay: listingFreeDays.firstDay, lastEnd: listingFreeDays.dayLastEnd })
      .from(listingFreeDays)
      .where(eq(listingFreeDays.listingId, id));
    if (!row?.lastEnd || row.firstDay === null) throw new Error('No day summary');
    const { lastEnd, firstDay } = row;
    const byte = (date: string) => lastEnd[dayNumber(date as DateKey) - firstDay];
    // Monday nothing; Tuesday 13:15, on the half-hour grid 13:00; Wednesday runs into Thursday: cut at midnight;
    // Thursday's stretch meets it from the day before and ends at 02:00.
    expect([byte('2028-08-07'), byte('2028-08-08'), byte('2028-08-09'), byte('2028-08-10')]).toEqual([
      0, 26, 48, 4,
    ]);
  });
});

describe('the search’s free-time filter over more than a week of days', () => {
  // Decision 0071: past seven asked days, the summary's bytes of the asked span are read in one call
  // (`someAtLeast`). Wednesday 6 September 2028, 20:00 in Madrid; each listing opens one weekday
  // from 12:00 to 18:00, and the search asks 4 hours over eight days, Wednesday to Wednesday.
  const plan = (dayOfWeek: 'wed' | 'thu'): AvailabilityPlan => ({
    type: 'availability-plan/time',
    timezone: 'Europe/Madrid',
    entries: [{ dayOfWeek, seats: 1, startTime: '12:00', endTime: '18:00' }],
  });
  const searchFinds = async (id: string, lat: number, dates: string, minDuration = 240) =>
    (await searchIds(hosting.app, { bounds: boxAround(lat, 101, 0.01), dates, minDuration })).includes(id);

  it('counts a long stretch only on the asked days that are bookable, never the day after them', async () => {
    hosting.clock.set('2028-09-06T18:00:00.000Z');
    // Thursdays; a notice of two days puts tomorrow's stretch out of reach: the next one is on the
    // 14th, the day after the asked days.
    const rules = exampleRules({
      minDurationMinutes: 60,
      slotStepMinutes: 60,
      advanceNoticeMinutes: 2 * 1440,
    });
    const id = await storeRefreshed(database.db, hosting, host.id, {
      lat: 70,
      lng: 101,
      plan: plan('thu'),
      rules,
    });
    expect(await searchFinds(id, 70, '2028-09-06,2028-09-13')).toBe(false);
    expect(await searchFinds(id, 70, '2028-09-06,2028-09-14')).toBe(true);
    // Six hours are twelve half hours: 361 minutes are thirteen, never read as twelve.
    expect(await searchFinds(id, 70, '2028-09-06,2028-09-14', 360)).toBe(true);
    expect(await searchFinds(id, 70, '2028-09-06,2028-09-14', 361)).toBe(false);
  });

  it('rules a listing out by its days’ reach only when no asked day reaches the length, the last one included', async () => {
    hosting.clock.set('2028-09-06T18:00:00.000Z');
    // Wednesdays, closed today; a notice of six days and ten hours leaves only the last asked day
    // (from 06:00), which is never "surely free" (its midnight is before the notice ends) but
    // reaches 6 hours: the exact check finds it.
    const rules = exampleRules({
      minDurationMinutes: 60,
      slotStepMinutes: 60,
      advanceNoticeMinutes: 6 * 1440 + 10 * 60,
    });
    const id = await storeRefreshed(database.db, hosting, host.id, {
      lat: 71,
      lng: 101,
      plan: plan('wed'),
      rules,
      exceptions: [
        { start: new Date('2028-09-05T22:00:00.000Z'), end: new Date('2028-09-06T22:00:00.000Z'), seats: 0 },
      ],
    });
    expect(await searchFinds(id, 71, '2028-09-06,2028-09-13')).toBe(true);
    expect(await searchFinds(id, 71, '2028-09-06,2028-09-12')).toBe(false);
  });
});
