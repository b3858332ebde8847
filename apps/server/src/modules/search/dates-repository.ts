import type { TimeWindow } from '@hora/core/search';
import { minutesOfTime } from '@hora/core/time';
import { type SQL, sql } from 'drizzle-orm';
import { NO_START, REACH_CAP, SUMMARY_UNIT_MINUTES } from './free-time-summary.ts';

/**
 * The date filter's SQL: a listing's day summary decides when it can (decisions 0035, 0051, 0054,
 * 0058), its exact free time otherwise. Reads the summary `d` and the zone's wanted time `w`.
 */

/**
 * The listing has a bookable stretch of at least the wanted length in the wanted time: its stored
 * free time (core's slots without the advance notice) meets the zone's wanted days and hours, now
 * + advance notice and the end of its booking window (midnight after today + window − 1 days,
 * local), and what is left, aligned to its step grid, is long enough (core's `bookableSlots`).
 * Reads the listing's exact free time (`t`) and the rules copied beside its day summary (`d`).
 */
function exactCondition(now: Date, minDuration: number): SQL {
  const zone = sql`w.zone`;
  const windowEnd = sql`((w.today + d.booking_window_days)::timestamp at time zone ${zone})`;
  const earliest = sql`(${now.toISOString()}::timestamptz + make_interval(mins => d.advance_notice_minutes))`;
  // Where the zone's offsets are whole hours (Spain's are) its 30- and 60-minute grids are UTC's,
  // and the alignment is arithmetic on the epoch; elsewhere core's rule, offsets and all.
  const seconds = sql`(d.slot_step_minutes * 60)`;
  const start = sql`case when w.hour_offsets
    then ceil(extract(epoch from lower(r)) / ${seconds}) * ${seconds}
    else extract(epoch from hora_ceil_to_step(lower(r), d.slot_step_minutes, ${zone})) end`;
  const end = sql`case when w.hour_offsets
    then floor(extract(epoch from upper(r)) / ${seconds}) * ${seconds}
    else extract(epoch from hora_floor_to_step(upper(r), d.slot_step_minutes, ${zone})) end`;
  // least(): a notice reaching past the window leaves an empty range, not an error.
  return sql`exists (select 1 from listing_free_time t where t.listing_id = d.listing_id and t.free && w.ranges
    and exists (
      select 1 from unnest(t.free * w.ranges * tstzmultirange(tstzrange(least(${earliest}, ${windowEnd}), ${windowEnd}))) r
      where ${end} - ${start} >= 60 * greatest(d.min_duration_minutes, ${minDuration}::int)))`;
}

const MINUTES_PER_DAY = 1440;

/** Ranges of days up to this long are tested day by day; longer ones through a series of days. */
const DAY_BY_DAY = 7;

/** The summary's unit (`SUMMARY_UNIT_MINUTES`) and its markers, as SQL. */
const UNIT = sql.raw(String(SUMMARY_UNIT_MINUTES));
const NO_START_BYTE = sql.raw(String(NO_START));
/** A capped reach reads "at least this long": it rules nothing out beyond it. */
const REACH_CAP_MINUTES = sql.raw(String(REACH_CAP * SUMMARY_UNIT_MINUTES));

/** Day `n`'s byte of one of the summary's columns, null for a day the row does not cover. */
type SummaryColumn = 'day_longest' | 'day_longest_start' | 'day_reach' | 'day_last_end';

const dayByte = (column: SummaryColumn, n: SQL) =>
  sql`hora_day_byte(d.${sql.raw(column)}, d.first_day, ${n})`;

/**
 * `test` of day `n`'s bytes, null for a day the row does not cover (as `dayByte` is): the columns
 * share their first day and length, so the day is checked once and each byte read directly. The
 * test runs for every summary in a box, and checking the day at each byte was most of its cost.
 */
const onDay = (n: SQL, test: (byte: (column: SummaryColumn) => SQL) => SQL) =>
  sql`case when ${n} >= d.first_day and ${n} < d.first_day + length(d.day_longest) then ${test(
    (column) => sql`get_byte(d.${sql.raw(column)}, ${n} - d.first_day)`,
  )} end`;

/**
 * The date filter for one listing's day summary `d` in its zone's `w` (decisions 0035, 0051, 0054).
 * Sure when a wanted day's longest stretch is long enough and lies inside the bookable window: the
 * day ends by the window's end and either begins after now + notice or, on a day of 24 hours (where
 * minutes from midnight are the wall clock's), the stretch is still long enough once clipped to
 * start at now + notice and aligned up to the step grid; now + notice is taken an hour later, for a
 * daylight-saving change between today and that day. The exact check then finds that (clipped)
 * stretch or a longer one. Sure not when every stretch meeting the wanted days is too short:
 * clipping only shortens. Else the exact check. With hours (`times`), the first holds for the day's
 * longest stretch clipped to the hours and to now + notice (on days of 24 hours). The summary is in
 * half hours, rounded so that both answers stay sound (a stretch inwards, a reach up).
 */
export function availabilityCondition(
  now: Date,
  days: readonly number[],
  times: TimeWindow | undefined,
  minDuration: number,
): SQL {
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return sql`false`;
  const need = sql`greatest(d.min_duration_minutes, ${minDuration}::int)`;
  const today = sql`(w.today - date '1970-01-01')`;
  // Now + notice + the hour, in minutes from today's local midnight (`w.minutes` have passed since).
  const earliest = sql`(w.minutes + d.advance_notice_minutes + 60)`;
  // The first day whose midnight is at least that far.
  const validFrom = sql`(${today} + (${earliest} + 1439) / 1440)`;
  const validTo = sql`(${today} + d.booking_window_days - 1)`;
  // Now + notice + the hour in minutes from day n's midnight (on a day of 24 hours its wall clock):
  // a stretch of day n clipped to start there, and aligned up to the step grid, is bookable.
  const earliestOn = (n: SQL) => sql`(${earliest} - (${n} - ${today}) * 1440)`;
  const step = sql`d.slot_step_minutes`;
  const alignUp = (minutes: SQL) => sql`((${minutes} + ${step} - 1) / ${step}) * ${step}`;
  let sure: SQL = sql`false`;
  let reach: SQL;
  let endsTooSoon: SQL = sql`false`;
  const day = (n: number) => sql.raw(String(n));
  if (days.length <= DAY_BY_DAY) {
    if (times) {
      // The day's longest stretch placed on the wall clock (days of 24 hours only), clipped to
      // the hours and to now + notice, and aligned to the step grid as the exact check would.
      const from = minutesOfTime(times.start);
      const to = minutesOfTime(times.end);
      sure = sql.join(
        days.map((n) =>
          onDay(day(n), (byte) => {
            const start = sql`(${byte('day_longest_start')} * ${UNIT})`;
            const end = sql`(least(${start} + ${byte('day_longest')} * ${UNIT}, ${sql.raw(String(to))}) / ${step}) * ${step}`;
            const begin = alignUp(sql`greatest(${start}, ${sql.raw(String(from))}, ${earliestOn(day(n))})`);
            return sql`(${byte('day_longest_start')} < ${NO_START_BYTE} and ${day(n)} <= ${validTo} and ${end} - ${begin} >= ${need})`;
          }),
        ),
        sql` or `,
      );
    } else {
      // The whole day is bookable from its midnight; else (a day of 24 hours) its longest stretch,
      // clipped to now + notice and aligned, must still be long enough.
      sure = sql.join(
        days.map((n) =>
          onDay(day(n), (byte) => {
            const start = sql`(${byte('day_longest_start')} * ${UNIT})`;
            const longest = sql`(${byte('day_longest')} * ${UNIT})`;
            return sql`(${longest} >= ${need} and ${day(n)} <= ${validTo} and (${day(n)} >= ${validFrom}
              or (${byte('day_longest_start')} < ${NO_START_BYTE} and ${start} + ${longest} - ${alignUp(sql`greatest(${start}, ${earliestOn(day(n))})`)} >= ${need})))`;
          }),
        ),
        sql` or `,
      );
    }
    reach = sql`greatest(${sql.join(
      days.map((n) => dayByte('day_reach', day(n))),
      sql`, `,
    )})`;
    endsTooSoon = lastEndRule(days, times, need);
  } else {
    const series = (from: SQL, to: SQL) => sql`generate_series(${from}, ${to}) i`;
    if (!times)
      sure = sql`(select max(${dayByte('day_longest', sql`i`)}) from ${series(
        sql`greatest(${day(first)}, ${validFrom})`,
        sql`least(${day(last)}, ${validTo})`,
      )}) * ${UNIT} >= ${need}`;
    reach = sql`(select max(${dayByte('day_reach', sql`i`)}) from ${series(day(first), day(last))})`;
  }
  return sql`case when ${sure} then true
    when w.ends_in - d.advance_notice_minutes < ${need} then false
    when d.day_reach is not null and coalesce(${reach}, 0) * ${UNIT} < least(${need}, ${REACH_CAP_MINUTES}) then false
    when ${endsTooSoon} then false
    else ${exactCondition(now, minDuration)} end`;
}

/**
 * Sure not, from where each asked day's free time ends (`day_last_end`, decision 0058): on every
 * asked day, the time between the later of now + notice and the asked hours' start, and the earlier
 * of that end and the asked hours' end, is shorter than the wanted length. Minutes are elapsed from
 * the day's start; now + notice there is taken an hour earlier, and the asked hours an hour wider,
 * for a daylight-saving change (a day of 24 hours needs no margin for its hours: its wall clock is
 * its elapsed time). Only where no bookable stretch can run from one asked day into the next: one
 * day, or hours that leave a gap between days. A day the row does not cover decides nothing (null).
 */
function lastEndRule(days: readonly number[], times: TimeWindow | undefined, need: SQL): SQL {
  const from = times ? minutesOfTime(times.start) : 0;
  const to = times ? minutesOfTime(times.end) : MINUTES_PER_DAY;
  if (days.length > 1 && from === 0 && to >= MINUTES_PER_DAY) return sql`false`;
  const today = sql`(w.today - date '1970-01-01')`;
  return sql.join(
    days.map((n) => {
      const day = sql.raw(String(n));
      const lastEnd = sql`(${dayByte('day_last_end', day)} * ${UNIT})`;
      // now + notice, rounded down, an hour early, in minutes since day n's start.
      const earliest = sql`(w.minutes - 61 + d.advance_notice_minutes - (${day} - ${today}) * 1440)`;
      if (!times) return sql`${lastEnd} - greatest(${earliest}, 0) < ${need}`;
      const margin = sql`case when ${dayByte('day_longest_start', day)} < ${NO_START_BYTE} then 0 else 60 end`;
      return sql`least(${lastEnd}, ${sql.raw(String(to))} + ${margin}) - greatest(${earliest}, ${sql.raw(String(from))} - ${margin}) < ${need}`;
    }),
    sql` and `,
  );
}
