import type { AvailabilityPlan } from '@hora/core/availability';
import { TIME_MS } from '@hora/core/config';
import type { BookingRules } from '@hora/core/listing';
import type { Clock } from '../../clock.ts';
import { positionalSql } from '../../db/positional-sql.ts';
import { executePrepared } from '../../db/prepared.ts';
import type { SeatBookingsReader } from '../availability/bookings.ts';
import type { FreeTimeRefresher } from '../listings/ports.ts';
import { type StoredFreeTime, storedFreeTime } from './free-time-summary.ts';

/** How the search's free time is written and refreshed; what it is: `free-time-summary.ts`. */

interface GroupRow {
  plan: AvailabilityPlan;
  min_duration_minutes: number;
  max_duration_minutes: number | null;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  advance_notice_minutes: number;
  booking_window_days: number;
  slot_step_minutes: number;
  exceptions: [string, string, number][] | null;
  ids: string[];
}

/**
 * Published listings with a plan, grouped by everything their free time depends on but bookings:
 * a hundred thousand bench listings share a few thousand groups, each computed once.
 */
const GROUPS = `
select l.availability_plan as plan, l.min_duration_minutes, l.max_duration_minutes, l.buffer_before_minutes,
  l.buffer_after_minutes, l.advance_notice_minutes, l.booking_window_days, l.slot_step_minutes,
  e.list as exceptions, array_agg(l.id::text order by l.id) as ids
from listings l
left join lateral (
  select jsonb_agg(jsonb_build_array(x.starts_at, x.ends_at, x.seats) order by x.starts_at) as list
  from availability_exceptions x where x.listing_id = l.id and x.ends_at > $1::timestamptz
) e on true
where l.state = 'published' and l.availability_plan is not null and ($2::uuid[] is null or l.id = any($2::uuid[]))
group by l.availability_plan, l.min_duration_minutes, l.max_duration_minutes, l.buffer_before_minutes,
  l.buffer_after_minutes, l.advance_notice_minutes, l.booking_window_days, l.slot_step_minutes, e.list`;

/**
 * Both rows of each listing, the exact free time and its day summary with the listing's copies, as
 * data-modifying CTEs (`free_g`, `free_exact`, `free_days`) of one statement (`INSERT`).
 */
const WRITES = `
free_g as (
  select g.id, f.zone, f.free, f.first_day, decode(f.longest, 'hex') as longest,
    decode(f.start, 'hex') as start, decode(f.reach, 'hex') as reach, decode(f.last_end, 'hex') as last_end
  from unnest($1::uuid[], $2::int[]) g(id, k)
  join unnest($3::text[], $4::tstzmultirange[], $6::text[], $7::text[], $8::text[], $9::int[], $10::text[])
    with ordinality f(zone, free, longest, reach, start, first_day, last_end, k) on f.k = g.k
), free_exact as (
  insert into listing_free_time (listing_id, time_zone, free, computed_at)
  select g.id, g.zone, g.free, $5::timestamptz from free_g g
  on conflict (listing_id) do update set time_zone = excluded.time_zone, free = excluded.free,
    computed_at = excluded.computed_at
), free_days as (
  insert into listing_free_days (listing_id, time_zone, first_day, day_longest, day_longest_start, day_reach,
    day_last_end, latitude, longitude, min_duration_minutes, advance_notice_minutes, booking_window_days,
    slot_step_minutes)
  select g.id, g.zone, g.first_day, g.longest, g.start, g.reach, g.last_end, l.latitude, l.longitude, l.min_duration_minutes,
    l.advance_notice_minutes, l.booking_window_days, l.slot_step_minutes
  from free_g g join listings l on l.id = g.id
  -- Rows of one place side by side: a map box's summaries then fill few pages (a full refresh
  -- writes every row anew each day).
  order by floor(l.latitude * 4), floor(l.longitude * 4), l.latitude, l.longitude
  on conflict (listing_id) do update set time_zone = excluded.time_zone, first_day = excluded.first_day,
    day_longest = excluded.day_longest,
    day_longest_start = excluded.day_longest_start, day_reach = excluded.day_reach,
    day_last_end = excluded.day_last_end, latitude = excluded.latitude, longitude = excluded.longitude,
    min_duration_minutes = excluded.min_duration_minutes, advance_notice_minutes = excluded.advance_notice_minutes,
    booking_window_days = excluded.booking_window_days, slot_step_minutes = excluded.slot_step_minutes
)`;

const INSERT = `with ${WRITES} select 1`;

/** Rows to write: per free time computed, its listings (`ids`, `ks` its position, from 1). */
interface WriteBatch {
  ids: string[];
  ks: number[];
  zones: string[];
  frees: string[];
  longest: string[];
  reach: string[];
  starts: string[];
  firstDays: number[];
  lastEnds: string[];
}

function emptyBatch(): WriteBatch {
  return {
    ids: [],
    ks: [],
    zones: [],
    frees: [],
    longest: [],
    reach: [],
    starts: [],
    firstDays: [],
    lastEnds: [],
  };
}

/** Adds one computed free time, shared by `listingIds`. */
function addTo(batch: WriteBatch, listingIds: readonly string[], zone: string, stored: StoredFreeTime) {
  batch.zones.push(zone);
  batch.frees.push(stored.free);
  batch.longest.push(stored.dayLongest);
  batch.reach.push(stored.dayReach);
  batch.starts.push(stored.dayLongestStart);
  batch.firstDays.push(stored.firstDay);
  batch.lastEnds.push(stored.dayLastEnd);
  for (const id of listingIds) {
    batch.ids.push(id);
    batch.ks.push(batch.zones.length);
  }
}

/** `WRITES` with the batch's values, computed at `now`. */
function writesOf(batch: WriteBatch, now: Date): readonly unknown[] {
  return [
    batch.ids,
    batch.ks,
    batch.zones,
    batch.frees,
    now,
    batch.longest,
    batch.reach,
    batch.starts,
    batch.firstDays,
    batch.lastEnds,
  ];
}

/** What the free time reads about a group of listings (`GROUPS`'s row). */
function inputOf(group: GroupRow) {
  return {
    plan: group.plan,
    rules: rulesOf(group),
    exceptions: (group.exceptions ?? []).map(([start, end, seats]) => ({
      start: new Date(start),
      end: new Date(end),
      seats,
    })),
  };
}

/** The range of bookings a refresh at `now` reads: a day back, a hundred on. */
function bookingsRange(now: Date): { start: Date; end: Date } {
  const from = new Date(now.getTime() - TIME_MS.day);
  return { start: from, end: new Date(from.getTime() + 100 * TIME_MS.day) };
}

function rulesOf(row: GroupRow): BookingRules {
  return {
    minDurationMinutes: row.min_duration_minutes,
    maxDurationMinutes: row.max_duration_minutes,
    bufferBeforeMinutes: row.buffer_before_minutes,
    bufferAfterMinutes: row.buffer_after_minutes,
    advanceNoticeMinutes: row.advance_notice_minutes,
    bookingWindowDays: row.booking_window_days,
    slotStepMinutes: row.slot_step_minutes === 30 ? 30 : 60,
  };
}

/** Rows written per statement: a few thousand free-time literals. */
const WRITE_BATCH = 2000;

/**
 * Recomputes the free time of the given listings (of all when omitted) inside the caller's
 * transaction: what is no longer published, or has no plan, leaves the table. The booking module
 * calls `refresh(tx, [listingId])` when a booking stops holding seats, and a new booking's job
 * (`transactions.free-time`, decision 0065) when one starts.
 */
export function freeTimeRefresher(deps: { clock: Clock; bookings: SeatBookingsReader }): FreeTimeRefresher {
  return {
    async refresh(executor, listingIds) {
      if (listingIds !== undefined && listingIds.length === 0) return { listings: 0 };
      const now = deps.clock.now();
      const from = new Date(now.getTime() - TIME_MS.day);
      const ids = listingIds === undefined ? null : [...new Set(listingIds)];
      const groups = (await executor.execute(positionalSql(GROUPS, [from, ids])))
        .rows as unknown as GroupRow[];
      // A full refresh writes every row anew; a few listings' rows are overwritten in place (the
      // insert is an upsert) and only those of listings no longer computed are deleted, at the end:
      // a booking's refresh is then one write, not three (decision 0036).
      if (ids === null) {
        for (const table of ['listing_free_time', 'listing_free_days'])
          await executor.execute(positionalSql(`delete from ${table}`));
      }
      const computed = new Set<string>();

      let batch = emptyBatch();
      const flush = async () => {
        if (batch.ids.length === 0) return;
        await executePrepared(executor, positionalSql(INSERT, writesOf(batch, now)));
        batch = emptyBatch();
      };
      const add = async (listingIdsOf: string[], zone: string, stored: StoredFreeTime) => {
        addTo(batch, listingIdsOf, zone, stored);
        for (const id of listingIdsOf) computed.add(id);
        if (batch.ids.length >= WRITE_BATCH || batch.zones.length >= WRITE_BATCH / 4) await flush();
      };

      const range = bookingsRange(now);
      // Many listings: ask once which have bookings; a few (a booking's own refresh): ask each.
      const booked =
        deps.bookings.listingsWithBookings && (ids === null || ids.length > 20)
          ? await deps.bookings.listingsWithBookings(ids, range, executor)
          : null;
      let written = 0;
      for (const group of groups) {
        const input = inputOf(group);
        const shared: string[] = [];
        for (const id of group.ids) {
          const bookings =
            booked && !booked.has(id) ? [] : await deps.bookings.seatHoldingBookings(id, range, executor);
          if (bookings.length === 0) shared.push(id);
          else await add([id], group.plan.timezone, storedFreeTime({ ...input, bookings }, now));
        }
        if (shared.length > 0)
          await add(shared, group.plan.timezone, storedFreeTime({ ...input, bookings: [] }, now));
        written += group.ids.length;
      }
      await flush();
      const gone = ids === null ? [] : ids.filter((id) => !computed.has(id));
      if (gone.length > 0) {
        await executor.execute(
          positionalSql(
            `with exact as (delete from listing_free_time where listing_id = any($1::uuid[]))
             delete from listing_free_days where listing_id = any($1::uuid[])`,
            [gone],
          ),
        );
      }
      return { listings: written };
    },
  };
}
