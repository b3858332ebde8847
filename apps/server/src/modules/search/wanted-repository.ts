import type { DateRange, TimeWindow } from '@hora/core/search';
import { type DateKey, dateKeyAt } from '@hora/core/time';
import { type SQL, sql } from 'drizzle-orm';
import { askedValues, dateCondition, dateShape, MINUTES_PER_DAY } from './dates-repository.ts';
import { dayNumber } from './free-time-summary.ts';
import {
  askedDays,
  clockMargin,
  hasHourOffsets,
  minutesSinceMidnight,
  minutesToEnd,
  multirangeLiteral,
  SHIFT_MARGIN_MINUTES,
  wantedRanges,
} from './wanted.ts';

/**
 * The `wanted` zones of a date search as SQL: what `wanted.ts` works out, one row per zone, and the
 * date condition that reads them (`dates-repository.ts`).
 */

/** A zone with free time, and its key in the day summaries' point index (decision 0067). */
export interface Zone {
  zone: string;
  key: number;
}

/**
 * What a date filter adds to a search's statement: the `wanted` CTE, one row per zone with the time
 * asked there and its clock (and the asked values, the same in every row: `askedValues`), the
 * condition on a summary `d` in its zone's `w` (`dateCondition`), and whether two zones share a key
 * (then each entry's zone is compared as well; no two zone names PostgreSQL knows do).
 */
export interface DatesFilter {
  cte: SQL;
  condition: SQL;
  keysShared: boolean;
}

export function datesFilter(
  zones: readonly Zone[],
  asked: DateRange,
  times: TimeWindow | undefined,
  minDuration: number,
  now: Date,
): DatesFilter {
  const todays = zones.map(({ zone }) => dateKeyAt(now.getTime(), zone));
  const days = askedDays(asked, todays);
  const [firstDay, lastDay] = [days[0], days[days.length - 1]];
  const wanted = zones.map(({ zone, key }, i) => {
    const ranges = wantedRanges(asked, times, zone, now);
    const today = todays[i] as DateKey;
    const minutes = minutesSinceMidnight(now, zone);
    const margin = lastDay === undefined ? SHIFT_MARGIN_MINUTES : clockMargin(zone, now, lastDay);
    // Days from the zone's today to the first asked day, and what the summary's clock tests read
    // from it (`askedDay`, decision 0067).
    const ahead = firstDay === undefined ? 0 : firstDay - dayNumber(today);
    return {
      zone,
      key,
      ranges: multirangeLiteral(ranges),
      today,
      hourOffsets: hasHourOffsets(zone, now),
      minutes,
      margin,
      ahead,
      clearAfter: ahead * MINUTES_PER_DAY - minutes - margin,
      cutAfter: ahead * MINUTES_PER_DAY - minutes + 1 + margin,
      // An empty set of ranges drops the zone (`where not isempty`): any number does.
      endsIn: ranges.length > 0 ? minutesToEnd(ranges, now) : 0,
    };
  });
  const column = (values: (string | number | boolean)[]) => `{${values.join(',')}}`;
  const same = askedValues(days, times, minDuration, now);
  return {
    cte: sql`wanted as (
        select w.*, ${same.firstAsked}::int as first_asked, ${same.lastAsked}::int as last_asked,
          ${same.hoursFrom}::int as hours_from, ${same.hoursTo}::int as hours_to,
          ${same.minDuration}::int as min_duration, ${same.now}::timestamptz as now
        from unnest(${column(wanted.map((w) => `"${w.zone}"`))}::text[],
          ${column(wanted.map((w) => w.key))}::int[],
          ${column(wanted.map((w) => `"${w.ranges}"`))}::tstzmultirange[],
          ${column(wanted.map((w) => w.today))}::date[],
          ${column(wanted.map((w) => w.hourOffsets))}::boolean[],
          ${column(wanted.map((w) => w.minutes))}::int[],
          ${column(wanted.map((w) => w.margin))}::int[],
          ${column(wanted.map((w) => w.endsIn))}::int[],
          ${column(wanted.map((w) => w.ahead))}::int[],
          ${column(wanted.map((w) => w.clearAfter))}::int[],
          ${column(wanted.map((w) => w.cutAfter))}::int[])
          w(zone, zone_key, ranges, today, hour_offsets, minutes, margin, ends_in, ahead, clear_after, cut_after)
        where not isempty(w.ranges)
      )`,
    condition: dateCondition(dateShape(days, times, Math.min(...todays.map(dayNumber)))),
    keysShared: new Set(zones.map(({ key }) => key)).size < zones.length,
  };
}
