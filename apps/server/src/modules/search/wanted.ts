import { TIME_MS } from '@hora/core/config';
import type { DateRange, TimeWindow } from '@hora/core/search';
import {
  addDays,
  compareDateKeys,
  type DateKey,
  dateKeyAt,
  hoursInDay,
  offsetAt,
  startOfDayAt,
  zonedTimeToInstant,
} from '@hora/core/time';
import { dayNumber } from './free-time-summary.ts';

/**
 * The time a date search asks for, in one zone: each day of the range from `times.start` to
 * `times.end` (local hours), or the whole range at once when no hours are given. Days and hours are
 * the listing's (a "Saturday" is the Saturday where the space is), so there is one set per zone.
 * Windows that touch merge (hours 00:00–24:00 are whole days): a free stretch over midnight is
 * one stretch, as core's slots see it.
 */
export function wantedRanges(
  dates: DateRange,
  times: TimeWindow | undefined,
  timeZone: string,
  now: Date,
): [number, number][] {
  // No booking window reaches beyond 90 days from today, and the past holds nothing bookable:
  // the days asked for are clipped to those that can hold a slot, which bounds the work.
  const today = dateKeyAt(now.getTime(), timeZone);
  const first = later(dates.start, addDays(today, -1));
  const last = earlier(dates.end, addDays(today, 92));
  if (compareDateKeys(first, last) > 0) return [];
  if (!times) return [[startOfDayAt(first, timeZone), startOfDayAt(addDays(last, 1), timeZone)]];
  const ranges: [number, number][] = [];
  for (let day = first; compareDateKeys(day, last) <= 0; day = addDays(day, 1)) {
    const start = zonedTimeToInstant(day, times.start, timeZone);
    const end = zonedTimeToInstant(day, times.end, timeZone);
    if (!(end > start)) continue;
    const previous = ranges[ranges.length - 1];
    if (previous && previous[1] >= start) previous[1] = Math.max(previous[1], end);
    else ranges.push([start, end]);
  }
  return ranges;
}

const later = (a: DateKey, b: DateKey) => (compareDateKeys(a, b) >= 0 ? a : b);
const earlier = (a: DateKey, b: DateKey) => (compareDateKeys(a, b) <= 0 ? a : b);

export function multirangeLiteral(ranges: readonly [number, number][]): string {
  return `{${ranges.map(([s, e]) => `[${new Date(s).toISOString()},${new Date(e).toISOString()})`).join(',')}}`;
}

/**
 * `compute` of a zone and its local day, remembered for that day (offsets change at most twice a
 * year): what every date search asks per zone is worked out once a day.
 */
function oncePerZoneDay<T>(compute: (timeZone: string, today: DateKey, now: Date) => T) {
  const known = new Map<string, T>();
  return (timeZone: string, now: Date): T => {
    const today = dateKeyAt(now.getTime(), timeZone);
    const key = `${timeZone} ${today}`;
    let value = known.get(key);
    if (value === undefined) {
      value = compute(timeZone, today, now);
      if (known.size >= 1000) known.clear();
      known.set(key, value);
    }
    return value;
  };
}

/**
 * Are all the zone's offsets from a day ago to 95 days ahead whole hours? Then its local step grid
 * is UTC's.
 */
export const hasHourOffsets = oncePerZoneDay((timeZone, _today, now) => {
  for (let day = -1; day <= 95; day += 1) {
    if (offsetAt(now.getTime() + day * 86_400_000, timeZone) % 3_600_000 !== 0) return false;
  }
  return true;
});

/**
 * The number of the zone's first day, from its today on, that is not 24 hours long (a
 * daylight-saving change), or a day past every booking window when none is. Until that day, minutes
 * elapsed from today's midnight and a day's wall clock agree.
 */
export const firstUnsteadyDay = oncePerZoneDay((timeZone, today) => {
  let day = 0;
  while (day <= 95 && hoursInDay(addDays(today, day), timeZone) === 24) day += 1;
  return dayNumber(addDays(today, day));
});

/** Minutes of margin a daylight-saving change could put between elapsed time and a wall clock. */
export const SHIFT_MARGIN_MINUTES = 60;

/**
 * The margin the day summary's clock tests take in a zone (decision 0061): none when every day from
 * the zone's today to the last asked day is 24 hours long, as is most of the year; else an hour.
 */
export function clockMargin(timeZone: string, now: Date, lastAskedDay: number): number {
  return lastAskedDay < firstUnsteadyDay(timeZone, now) ? 0 : SHIFT_MARGIN_MINUTES;
}

/**
 * The numbers of the asked days that some zone can hold a slot in (as `wantedRanges` clips them:
 * from a day before today to 92 days after, today being each zone's own).
 */
export function askedDays(asked: DateRange, todays: readonly DateKey[]): number[] {
  if (todays.length === 0) return [];
  const sorted = [...todays].sort(compareDateKeys);
  const first = Math.max(dayNumber(asked.start), dayNumber(addDays(sorted[0] as DateKey, -1)));
  const last = Math.min(dayNumber(asked.end), dayNumber(addDays(sorted[sorted.length - 1] as DateKey, 92)));
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

/**
 * Whole minutes, rounded up, from `now` to the end of the last wanted range: no booking starting at
 * now + notice or later is longer than this minus the notice. Rounding up keeps that bound sound.
 */
export function minutesToEnd(ranges: readonly [number, number][], now: Date): number {
  const end = Math.max(...ranges.map(([, rangeEnd]) => rangeEnd));
  return Math.ceil((end - now.getTime()) / TIME_MS.minute);
}

/** Whole minutes (rounded up) from the zone's last midnight to `now`. */
export function minutesSinceMidnight(now: Date, zone: string): number {
  const midnight = startOfDayAt(dateKeyAt(now.getTime(), zone), zone);
  return Math.ceil((now.getTime() - midnight) / TIME_MS.minute);
}
