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
function exactCondition(now: Date, minDuration: number, summary: Summary): SQL {
  const row = sql.raw(summary.row);
  const zone = sql`w.zone`;
  const windowEnd = sql`((w.today + ${row}.booking_window_days)::timestamp at time zone ${zone})`;
  const earliest = sql`(${now.toISOString()}::timestamptz + make_interval(mins => ${row}.advance_notice_minutes))`;
  // Where the zone's offsets are whole hours (Spain's are) its 30- and 60-minute grids are UTC's,
  // and the alignment is arithmetic on the epoch; elsewhere core's rule, offsets and all.
  const seconds = sql`(${row}.slot_step_minutes * 60)`;
  const start = sql`case when w.hour_offsets
    then ceil(extract(epoch from lower(r)) / ${seconds}) * ${seconds}
    else extract(epoch from hora_ceil_to_step(lower(r), ${row}.slot_step_minutes, ${zone})) end`;
  const end = sql`case when w.hour_offsets
    then floor(extract(epoch from upper(r)) / ${seconds}) * ${seconds}
    else extract(epoch from hora_floor_to_step(upper(r), ${row}.slot_step_minutes, ${zone})) end`;
  // least(): a notice reaching past the window leaves an empty range, not an error.
  return sql`exists (select 1 from listing_free_time t where t.listing_id = ${row}.listing_id and t.free && w.ranges
    and exists (
      select 1 from unnest(t.free * w.ranges * tstzmultirange(tstzrange(least(${earliest}, ${windowEnd}), ${windowEnd}))) r
      where ${end} - ${start} >= 60 * greatest(${row}.min_duration_minutes, ${minDuration}::int)))`;
}

const MINUTES_PER_DAY = 1440;

/** Ranges of days up to this long are tested day by day; longer ones through a series of days. */
const DAY_BY_DAY = 7;

/** The summary's unit (`SUMMARY_UNIT_MINUTES`) and its markers, as SQL. */
const UNIT = sql.raw(String(SUMMARY_UNIT_MINUTES));
const NO_START_BYTE = sql.raw(String(NO_START));
/**
 * A day's number or a minute of the asked hours, as a parameter: the statement's text then depends
 * on its shape alone, and a connection plans it once (decision 0061).
 */
const value = (n: number) => sql`${n}::int`;

/** A capped reach reads "at least this long": it rules nothing out beyond it. */
const REACH_CAP_MINUTES = sql.raw(String(REACH_CAP * SUMMARY_UNIT_MINUTES));

/** The clock's tests of one asked day, for the summary's row (`availabilityCondition`). */
interface DayClock {
  /** The day is inside the listing's booking window. */
  inWindow: SQL;
  /** Now + notice + the zone's margin, in minutes from the day's midnight. */
  earliestOn: SQL;
  /** The day begins at or after now + notice + the margin (only for an asked day). */
  wholly?: SQL;
}

/** Day `n`'s byte of one of the summary's columns, null for a day the row does not cover. */
type SummaryColumn = 'longest' | 'longest_start' | 'reach' | 'last_end';

/**
 * Where the condition reads a listing's summary (decision 0061): the row's alias, and its first
 * `SOON_DAYS` bytes (`soon_*`, in the zone and point index) or all of them (`day_*`). `covered`:
 * the row is known to hold every asked day (`dateCondition` checked it once), so a day's bytes are
 * read without checking the day again (decision 0067).
 */
interface Summary {
  row: 'd' | 'f';
  bytes: 'soon' | 'day';
  covered: boolean;
}

const bytesOf = (summary: Summary, column: SummaryColumn) =>
  sql.raw(`${summary.row}.${summary.bytes}_${column}`);

const dayByte = (summary: Summary, column: SummaryColumn, n: SQL) =>
  summary.covered
    ? sql`get_byte(${bytesOf(summary, column)}, ${n} - ${sql.raw(summary.row)}.first_day)`
    : sql`hora_day_byte(${bytesOf(summary, column)}, ${sql.raw(summary.row)}.first_day, ${n})`;

/**
 * `test` of day `n`'s bytes, null for a day the row does not cover (as `dayByte` is): the columns
 * share their first day and length, so the day is checked once and each byte read directly. The
 * test runs for every summary in a box, and checking the day at each byte was most of its cost.
 */
const onDay = (summary: Summary, n: SQL, test: (byte: (column: SummaryColumn) => SQL) => SQL) => {
  const row = sql.raw(summary.row);
  const tested = test((column) => sql`get_byte(${bytesOf(summary, column)}, ${n} - ${row}.first_day)`);
  if (summary.covered) return tested;
  return sql`case when ${n} >= ${row}.first_day and ${n} < ${row}.first_day + length(${bytesOf(summary, 'longest')}) then ${tested} end`;
};

/**
 * The date filter for one listing's day summary `d` in its zone's `w` (decisions 0035, 0051, 0054).
 * Sure when a wanted day's longest stretch is long enough and lies inside the bookable window: the
 * day ends by the window's end and either begins after now + notice or, on a day of 24 hours (where
 * minutes from midnight are the wall clock's), the stretch is still long enough once clipped to
 * start at now + notice and aligned up to the step grid; now + notice is taken an hour later when a
 * daylight-saving change falls between today and the last asked day (the zone's `w.margin`,
 * decision 0061), exactly otherwise. The exact check then finds that (clipped)
 * stretch or a longer one. Sure not when every stretch meeting the wanted days is too short:
 * clipping only shortens. Else the exact check. With hours (`times`), the first holds for the day's
 * longest stretch clipped to the hours and to now + notice (on days of 24 hours). The summary is in
 * half hours, rounded so that both answers stay sound (a stretch inwards, a reach up).
 */
function availabilityCondition(
  now: Date,
  days: readonly number[],
  times: TimeWindow | undefined,
  minDuration: number,
  summary: Summary,
): SQL {
  const row = sql.raw(summary.row);
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return sql`false`;
  const need = sql`greatest(${row}.min_duration_minutes, ${minDuration}::int)`;
  const today = sql`(w.today - date '1970-01-01')`;
  // Now + notice (+ the zone's margin for a daylight-saving change, `w.margin`), in minutes from
  // today's local midnight (`w.minutes` have passed since, rounded up).
  const earliest = sql`(w.minutes + ${row}.advance_notice_minutes + w.margin)`;
  // The first day whose midnight is at least that far.
  const validFrom = sql`(${today} + (${earliest} + 1439) / 1440)`;
  const validTo = sql`(${today} + ${row}.booking_window_days - 1)`;
  // Now + notice + the margin in minutes from day n's midnight (on a day of 24 hours its wall clock):
  // a stretch of day n clipped to start there, and aligned up to the step grid, is bookable.
  const earliestOn = (n: SQL) => sql`(${earliest} - (${n} - ${today}) * 1440)`;
  /** The clock's tests of day `n` of a series (`i`), from the zone's today and minutes. */
  const seriesDay = (n: SQL): DayClock => ({ inWindow: sql`${n} <= ${validTo}`, earliestOn: earliestOn(n) });
  /**
   * The same tests of the `i`th asked day, from what the zone's row worked out once (decision 0067):
   * `w.ahead`, the days from its today to the first asked day, and `w.clear_after`, the minutes from
   * now + the margin to that day's midnight. Day n is in the window when n ≤ today + window − 1,
   * that is window > ahead + i; it begins at or after now + notice + the margin when notice ≤
   * clear_after + 1 440 i (the first day whose midnight is that far, as `validFrom` finds it); and
   * now + notice + the margin is notice − clear_after − 1 440 i minutes from its midnight.
   */
  const askedDay = (i: number): DayClock => {
    const after =
      i === 0 ? sql`w.clear_after` : sql`(w.clear_after + ${sql.raw(String(i * MINUTES_PER_DAY))})`;
    return {
      inWindow: sql`${row}.booking_window_days > ${i === 0 ? sql`w.ahead` : sql`w.ahead + ${sql.raw(String(i))}`}`,
      earliestOn: sql`(${row}.advance_notice_minutes - ${after})`,
      wholly: sql`${row}.advance_notice_minutes <= ${after}`,
    };
  };
  const step = sql`${row}.slot_step_minutes`;
  const alignUp = (minutes: SQL) => sql`((${minutes} + ${step} - 1) / ${step}) * ${step}`;
  /** The day's longest stretch, clipped to the asked hours and to now + notice, long enough. */
  const sureInHours = (byte: (column: SummaryColumn) => SQL, clock: DayClock) => {
    const hours = times as TimeWindow;
    const start = sql`(${byte('longest_start')} * ${UNIT})`;
    const end = sql`(least(${start} + ${byte('longest')} * ${UNIT}, ${value(minutesOfTime(hours.end))}) / ${step}) * ${step}`;
    const begin = alignUp(sql`greatest(${start}, ${value(minutesOfTime(hours.start))}, ${clock.earliestOn})`);
    return sql`(${byte('longest_start')} < ${NO_START_BYTE} and ${clock.inWindow} and ${end} - ${begin} >= ${need})`;
  };
  let sure: SQL = sql`false`;
  let reach: SQL;
  let endsTooSoon: SQL = sql`false`;
  const day = (n: number) => value(n);
  if (days.length <= DAY_BY_DAY) {
    if (times) {
      // The day's longest stretch placed on the wall clock (days of 24 hours only), clipped to
      // the hours and to now + notice, and aligned to the step grid as the exact check would.
      sure = sql.join(
        days.map((n, i) => onDay(summary, day(n), (byte) => sureInHours(byte, askedDay(i)))),
        sql` or `,
      );
    } else {
      // The whole day is bookable from its midnight; else (a day of 24 hours) its longest stretch,
      // clipped to now + notice and aligned, must still be long enough.
      sure = sql.join(
        days.map((n, i) =>
          onDay(summary, day(n), (byte) => {
            const start = sql`(${byte('longest_start')} * ${UNIT})`;
            const longest = sql`(${byte('longest')} * ${UNIT})`;
            const clock = askedDay(i);
            return sql`(${longest} >= ${need} and ${clock.inWindow} and (${clock.wholly}
              or (${byte('longest_start')} < ${NO_START_BYTE} and ${start} + ${longest} - ${alignUp(sql`greatest(${start}, ${clock.earliestOn})`)} >= ${need})))`;
          }),
        ),
        sql` or `,
      );
    }
    reach = sql`greatest(${sql.join(
      days.map((n) => dayByte(summary, 'reach', day(n))),
      sql`, `,
    )})`;
    endsTooSoon = lastEndRule(days, times, need, summary);
  } else {
    const series = (from: SQL, to: SQL) => sql`generate_series(${from}, ${to}) i`;
    if (!times)
      sure = sql`(select max(${dayByte(summary, 'longest', sql`i`)}) from ${series(
        sql`greatest(${day(first)}, ${validFrom})`,
        sql`least(${day(last)}, ${validTo})`,
      )}) * ${UNIT} >= ${need}`;
    // With hours, the day-by-day test on each day of the series until one holds: without it every
    // listing in the box went to the exact check (decision 0063).
    else
      sure = sql`exists (select 1 from ${series(day(first), sql`least(${day(last)}, ${validTo})`)}
        where ${onDay(summary, sql`i`, (byte) => sureInHours(byte, seriesDay(sql`i`)))})`;
    reach = sql`(select max(${dayByte(summary, 'reach', sql`i`)}) from ${series(day(first), day(last))})`;
  }
  return sql`case when ${sure} then true
    when w.ends_in - ${row}.advance_notice_minutes < ${need} then false
    when ${bytesOf(summary, 'reach')} is not null and coalesce(${reach}, 0) * ${UNIT} < least(${need}, ${REACH_CAP_MINUTES}) then false
    when ${endsTooSoon} then false
    else ${exactCondition(now, minDuration, summary)} end`;
}

/**
 * The date filter for one listing's day summary `d` in its zone's `w` (`availabilityCondition`):
 * from the summary's first `SOON_DAYS` bytes when they hold every asked day (the zone and point
 * index carries them, so a count in a map box reads no table row), else from the whole summary,
 * read by the listing's key (decision 0061).
 */
export function dateCondition(
  now: Date,
  days: readonly number[],
  times: TimeWindow | undefined,
  minDuration: number,
): SQL {
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return sql`false`;
  // The `soon_*` columns hold up to `SOON_DAYS` bytes, all four as many: checking the asked days
  // against their length once covers every byte the condition reads (`covered`).
  const soon = availabilityCondition(now, days, times, minDuration, {
    row: 'd',
    bytes: 'soon',
    covered: true,
  });
  const whole = availabilityCondition(now, days, times, minDuration, {
    row: 'f',
    bytes: 'day',
    covered: false,
  });
  return sql`case when d.first_day <= ${value(first)} and ${value(last)} < d.first_day + length(d.soon_longest)
    then ${soon} else (select ${whole} from listing_free_days f where f.listing_id = d.listing_id) end`;
}

/**
 * Sure not, from where each asked day's free time ends (`day_last_end`, decision 0058): on every
 * asked day, the time between the later of now + notice and the asked hours' start, and the earlier
 * of that end and the asked hours' end, is shorter than the wanted length. Minutes are elapsed from
 * the day's start; now + notice there is taken the zone's margin earlier (an hour when a
 * daylight-saving change falls between today and the last asked day), and the asked hours an hour
 * wider on a day that is not 24 hours long (a day of 24 hours needs no margin for its hours: its wall clock is
 * its elapsed time). Only where no bookable stretch can run from one asked day into the next: one
 * day, or hours that leave a gap between days. A day the row does not cover decides nothing (null).
 */
function lastEndRule(
  days: readonly number[],
  times: TimeWindow | undefined,
  need: SQL,
  summary: Summary,
): SQL {
  const row = sql.raw(summary.row);
  const from = times ? minutesOfTime(times.start) : 0;
  const to = times ? minutesOfTime(times.end) : MINUTES_PER_DAY;
  if (days.length > 1 && from === 0 && to >= MINUTES_PER_DAY) return sql`false`;
  return sql.join(
    days.map((n, i) => {
      const day = value(n);
      const lastEnd = sql`(${dayByte(summary, 'last_end', day)} * ${UNIT})`;
      // now + notice, rounded down, the zone's margin early, in minutes since day n's start: the
      // zone's row worked out `w.cut_after`, the minutes from now − 1 − the margin to the first asked
      // day's midnight (decision 0067).
      const after = i === 0 ? sql`w.cut_after` : sql`(w.cut_after + ${sql.raw(String(i * MINUTES_PER_DAY))})`;
      const earliest = sql`(${row}.advance_notice_minutes - ${after})`;
      if (!times) return sql`${lastEnd} - greatest(${earliest}, 0) < ${need}`;
      const margin = sql`case when ${dayByte(summary, 'longest_start', day)} < ${NO_START_BYTE} then 0 else 60 end`;
      return sql`least(${lastEnd}, ${value(to)} + ${margin}) - greatest(${earliest}, ${value(from)} - ${margin}) < ${need}`;
    }),
    sql` and `,
  );
}
