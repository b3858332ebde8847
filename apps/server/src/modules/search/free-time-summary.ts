import {
  type AvailabilityException,
  type AvailabilityPlan,
  bookableSlots,
  ceilToStep,
  floorToStep,
  type SeatBooking,
} from '@hora/core/availability';
import { TIME_MS } from '@hora/core/config';
import type { BookingRules } from '@hora/core/listing';
import { addDays, type DateKey, dateKeyAt, daysBetween, startOfDayAt } from '@hora/core/time';

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
export interface FreeTimeInput {
  plan: AvailabilityPlan;
  rules: BookingRules;
  exceptions: readonly AvailabilityException[];
  bookings: readonly SeatBooking[];
}

const MARGIN_DAYS = 2;

/** What is stored of a listing's free time: the exact ranges and the per-day summary. */
export interface StoredFreeTime {
  /** A `tstzmultirange` literal. */
  free: string;
  /** The summary's first day: its number (days from 1970-01-01). */
  firstDay: number;
  /** One byte a day from the first (`bytea` in hex), in half hours: see `listing_free_days`. */
  dayLongest: string;
  dayLongestStart: string;
  dayReach: string;
  dayLastEnd: string;
}

/** A local day's number: whole days from 1970-01-01, as `date - date '1970-01-01'` in SQL. */
export function dayNumber(date: DateKey): number {
  return daysBetween('1970-01-01', date);
}

/**
 * The summary's unit, in minutes: every slot step (30 or 60) is a whole number of them, so a day's
 * aligned stretch is exact in half hours and a day holds at most 50 (a 25-hour day).
 */
export const SUMMARY_UNIT_MINUTES = 30;
/**
 * The days of the summary, from its first, that PostgreSQL copies into `soon_*` (the migration's
 * `substring(… from 1 for 16)`) and the zone and point index carries (decision 0061).
 */
export const SOON_DAYS = 16;
/** The byte value of "no stretch starts at a wall-clock minute" (a day that is not 24 hours long). */
export const NO_START = 255;
/** The largest reach a byte holds; the search reads it as "at least this long" (decision 0054). */
export const REACH_CAP = 254;

const hexByte = (value: number) => value.toString(16).padStart(2, '0');

/**
 * The listing's free time at `now`: the exact ranges, and per local day of the stored span the
 * longest stretch inside the day aligned to the step grid (what a search of that whole day finds at
 * least, when the day lies inside the bookable window), the longest stretch meeting the day
 * (what a search touching that day finds at most) and where the day's free time ends (no bookable
 * time of the day lies after it).
 */
export function storedFreeTime(input: FreeTimeInput, now: Date): StoredFreeTime {
  const from = new Date(now.getTime() - TIME_MS.day);
  const end = new Date(from.getTime() + (input.rules.bookingWindowDays + 2 + MARGIN_DAYS) * TIME_MS.day);
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
    end,
  });
  // Touching slots are one stretch (as the multirange stores them).
  const stretches: [number, number][] = [];
  for (const slot of slots) {
    const last = stretches[stretches.length - 1];
    if (last && slot.start.getTime() <= last[1]) last[1] = Math.max(last[1], slot.end.getTime());
    else stretches.push([slot.start.getTime(), slot.end.getTime()]);
  }
  const zone = input.plan.timezone;
  const step = input.rules.slotStepMinutes;
  const firstDay = dateKeyAt(from.getTime(), zone);
  const lastDay = dateKeyAt(end.getTime(), zone);
  const unit = SUMMARY_UNIT_MINUTES;
  let longest = '';
  let longestStart = '';
  let reach = '';
  let lastEnd = '';
  let days = 0;
  let next = 0;
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    const dayStart = startOfDayAt(day, zone);
    const dayEnd = startOfDayAt(addDays(day, 1), zone);
    while (next < stretches.length && (stretches[next] as [number, number])[1] <= dayStart) next += 1;
    let inside = 0;
    let insideStart = -1;
    let meets = 0;
    let lastStop = dayStart;
    for (let i = next; i < stretches.length && (stretches[i] as [number, number])[0] < dayEnd; i += 1) {
      const [start, stop] = stretches[i] as [number, number];
      const alignedStart = ceilToStep(Math.max(start, dayStart), step, zone);
      const aligned = (floorToStep(Math.min(stop, dayEnd), step, zone) - alignedStart) / TIME_MS.minute;
      if (aligned > inside) {
        inside = aligned;
        insideStart = (alignedStart - dayStart) / TIME_MS.minute;
      }
      meets = Math.max(meets, (stop - start) / TIME_MS.minute);
      lastStop = Math.max(lastStop, Math.min(stop, dayEnd));
    }
    // Minutes from midnight are the wall clock's only on a day of 24 hours. Rounded inwards (the
    // start up, the end down), the stored stretch lies inside the real one: a "sure" answer stays
    // sure. Aligned to a step of 30 or 60 minutes, nothing is lost.
    const wallClock = dayEnd - dayStart === TIME_MS.day && inside > 0;
    const startUnits = wallClock ? Math.ceil(insideStart / unit) : NO_START;
    const longestUnits = wallClock
      ? Math.max(0, Math.floor((insideStart + inside) / unit) - startUnits)
      : Math.floor(inside / unit);
    longest += hexByte(longestUnits);
    longestStart += hexByte(startUnits);
    // Rounded up and capped: "sure not" (reach too short) stays sound.
    reach += hexByte(Math.min(REACH_CAP, Math.ceil(meets / unit)));
    // Elapsed, not wall-clock, minutes (any day's length), rounded up: "sure not" stays sound.
    lastEnd += hexByte(Math.ceil((lastStop - dayStart) / TIME_MS.minute / unit));
    days += 1;
  }
  return {
    free: `{${stretches.map(([a, b]) => `[${new Date(a).toISOString()},${new Date(b).toISOString()})`).join(',')}}`,
    firstDay: days > 0 ? dayNumber(firstDay) : 0,
    dayLongest: longest,
    dayLongestStart: longestStart,
    dayReach: reach,
    dayLastEnd: lastEnd,
  };
}
