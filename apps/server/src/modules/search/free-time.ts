import {
  type AvailabilityException,
  type AvailabilityPlan,
  bookableSlots,
  type SeatBooking,
} from '@hora/core/availability';
import { TIME_MS } from '@hora/core/config';
import type { BookingRules } from '@hora/core/listing';
import type { Clock } from '../../clock.ts';
import { positionalSql } from '../../db/positional-sql.ts';
import type { SeatBookingsReader } from '../availability/bookings.ts';
import type { FreeTimeRefresher } from '../listings/ports.ts';

/**
 * The free time the search's date filter reads (`listing_free_time`): for each published listing
 * with a plan, core's `bookableSlots` with the advance notice set aside, from a day before the
 * refresh to two days past the booking window. The margins let the daily refresh run late (or a
 * test clock move back a little) without a listing losing its last or first day; the search clips
 * every stretch to now + advance notice and to the real window, and re-aligns it to the step grid,
 * which gives exactly what `bookableSlots` gives for the asked range (clipping and aligning an
 * aligned stretch equals aligning the clipped one, and a stretch shorter than the minimum length
 * only gets shorter when clipped).
 */

/** What a listing's free time depends on (its bookings apart). */
interface FreeTimeInput {
  plan: AvailabilityPlan;
  rules: BookingRules;
  exceptions: readonly AvailabilityException[];
  bookings: readonly SeatBooking[];
}

const MARGIN_DAYS = 2;

/** The listing's stored free time at `now`, as a `tstzmultirange` literal. */
export function freeTimeRanges(input: FreeTimeInput, now: Date): string {
  const from = new Date(now.getTime() - TIME_MS.day);
  const slots = bookableSlots({
    plan: input.plan,
    exceptions: input.exceptions,
    bookings: input.bookings,
    rules: {
      ...input.rules,
      advanceNoticeMinutes: 0,
      bookingWindowDays: input.rules.bookingWindowDays + 1 + MARGIN_DAYS,
    },
    now: from,
    start: from,
    end: new Date(from.getTime() + (input.rules.bookingWindowDays + 2 + MARGIN_DAYS) * TIME_MS.day),
  });
  return `{${slots.map((s) => `[${s.start.toISOString()},${s.end.toISOString()})`).join(',')}}`;
}

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

const INSERT = `
insert into listing_free_time (listing_id, time_zone, free, computed_at)
select g.id, f.zone, f.free, $5::timestamptz
from unnest($1::uuid[], $2::int[]) g(id, k)
join unnest($3::text[], $4::tstzmultirange[]) with ordinality f(zone, free, k) on f.k = g.k
on conflict (listing_id) do update set time_zone = excluded.time_zone, free = excluded.free,
  computed_at = excluded.computed_at`;

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
 * calls `refresh(tx, [listingId])` when a booking starts or stops holding seats.
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
      if (ids === null) await executor.execute(positionalSql('delete from listing_free_time'));
      else
        await executor.execute(
          positionalSql('delete from listing_free_time where listing_id = any($1::uuid[])', [ids]),
        );

      let batch = { ids: [] as string[], ks: [] as number[], zones: [] as string[], frees: [] as string[] };
      const flush = async () => {
        if (batch.ids.length === 0) return;
        await executor.execute(positionalSql(INSERT, [batch.ids, batch.ks, batch.zones, batch.frees, now]));
        batch = { ids: [], ks: [], zones: [], frees: [] };
      };
      const add = async (listingIdsOf: string[], zone: string, free: string) => {
        batch.zones.push(zone);
        batch.frees.push(free);
        for (const id of listingIdsOf) {
          batch.ids.push(id);
          batch.ks.push(batch.zones.length);
        }
        if (batch.ids.length >= WRITE_BATCH || batch.zones.length >= WRITE_BATCH / 4) await flush();
      };

      const range = { start: from, end: new Date(from.getTime() + 100 * TIME_MS.day) };
      // Many listings: ask once which have bookings; a few (a booking's own refresh): ask each.
      const booked =
        deps.bookings.listingsWithBookings && (ids === null || ids.length > 20)
          ? await deps.bookings.listingsWithBookings(ids, range, executor)
          : null;
      let written = 0;
      for (const group of groups) {
        const input = {
          plan: group.plan,
          rules: rulesOf(group),
          exceptions: (group.exceptions ?? []).map(([start, end, seats]) => ({
            start: new Date(start),
            end: new Date(end),
            seats,
          })),
        };
        const shared: string[] = [];
        for (const id of group.ids) {
          const bookings =
            booked && !booked.has(id) ? [] : await deps.bookings.seatHoldingBookings(id, range, executor);
          if (bookings.length === 0) shared.push(id);
          else await add([id], group.plan.timezone, freeTimeRanges({ ...input, bookings }, now));
        }
        if (shared.length > 0)
          await add(shared, group.plan.timezone, freeTimeRanges({ ...input, bookings: [] }, now));
        written += group.ids.length;
      }
      await flush();
      return { listings: written };
    },
  };
}
