import type { TimeWindow } from '@hora/core/search';
import { minutesOfTime } from '@hora/core/time';
import { type SQL, sql } from 'drizzle-orm';
import { sqlText } from '../../db/prepared.ts';
import { NO_START, REACH_CAP, SOON_DAYS, SUMMARY_UNIT_MINUTES } from './free-time-summary.ts';

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
function exactCondition(summary: Summary): SQL {
  const row = sql.raw(summary.row);
  const zone = sql`w.zone`;
  const windowEnd = sql`((w.today + ${row}.booking_window_days)::timestamp at time zone ${zone})`;
  const earliest = sql`(w.now + make_interval(mins => ${row}.advance_notice_minutes))`;
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
      where ${end} - ${start} >= 60 * greatest(${row}.min_duration_minutes, w.min_duration)))`;
}

export const MINUTES_PER_DAY = 1440;

/** Ranges of days up to this long are tested day by day; longer ones through a series of days. */
const DAY_BY_DAY = 7;

/** The summary's unit (`SUMMARY_UNIT_MINUTES`) and its markers, as SQL. */
const UNIT = sql.raw(String(SUMMARY_UNIT_MINUTES));
const NO_START_BYTE = sql.raw(String(NO_START));
/**
 * The `i`th asked day's number. The asked days, hours, length and now are columns of the zone's
 * `w`, the same in every zone, not values in the condition's text: the text then depends on the
 * search's shape alone (`DateShape`), so it is built once per shape and a connection plans a
 * statement holding it once (decisions 0061, 0067). The asked days are consecutive (`askedDays`).
 */
const askedDayNumber = (i: number) =>
  i === 0 ? sql`w.first_asked` : sql`(w.first_asked + ${sql.raw(String(i))})`;

/** What a date condition's text depends on: the asked days' count, and hours or not. */
export interface DateShape {
  days: number;
  /** Hours asked (`w.hours_from`, `w.hours_to`). */
  hours: boolean;
  /**
   * A bookable stretch may run from one asked day into the next (several days, hours 00:00–24:00 or
   * none): the day's end of free time then rules nothing out (`lastEndRule`).
   */
  acrossDays: boolean;
  /**
   * The last asked day may lie past the `soon_*` bytes (`lastSoonDay`): the condition reads every
   * row's whole summary, from the index that carries them (decision 0072).
   */
  pastSoon: boolean;
}

/** The asked hours in minutes from midnight: the whole day when none are asked. */
const hoursOf = (times: TimeWindow | undefined) =>
  times
    ? { from: minutesOfTime(times.start), to: minutesOfTime(times.end) }
    : { from: 0, to: MINUTES_PER_DAY };

/**
 * The last day whose bytes every summary's `soon_*` surely holds on `today` (a day number): a summary
 * starts the day before it is written (`storedFreeTime`), so one the daily refresh wrote yesterday
 * starts two days back and holds through today + `SOON_DAYS` − 3.
 */
export const lastSoonDay = (today: number) => today + SOON_DAYS - 3;

/**
 * The shape of a search for `days` asked days and `times`, on `today`: the day number of the
 * earliest of the zones' todays.
 */
export function dateShape(days: readonly number[], times: TimeWindow | undefined, today: number): DateShape {
  const { from, to } = hoursOf(times);
  const last = days[days.length - 1];
  return {
    days: days.length,
    hours: times !== undefined,
    acrossDays: days.length > 1 && from === 0 && to >= MINUTES_PER_DAY,
    pastSoon: last !== undefined && last > lastSoonDay(today),
  };
}

/**
 * The zones' columns a date condition reads besides their own (`w.first_asked`, `w.last_asked`,
 * `w.hours_from`, `w.hours_to`, `w.min_duration`, `w.now`): the same in every zone's row.
 */
export function askedValues(
  days: readonly number[],
  times: TimeWindow | undefined,
  minDuration: number,
  now: Date,
): {
  firstAsked: number;
  lastAsked: number;
  hoursFrom: number;
  hoursTo: number;
  minDuration: number;
  now: string;
} {
  const { from, to } = hoursOf(times);
  return {
    firstAsked: days[0] ?? 0,
    lastAsked: days[days.length - 1] ?? 0,
    hoursFrom: from,
    hoursTo: to,
    minDuration,
    now: now.toISOString(),
  };
}

/** Every byte value, in order: its first k bytes are the values below k. */
const BYTE_VALUES = sql.raw(
  `'\\x${Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, '0')).join('')}'::bytea`,
);

/** Minutes as whole summary units, rounded up: a byte of at least this many is at least that long. */
const unitsOf = (minutes: SQL) =>
  sql`((${minutes} + ${sql.raw(String(SUMMARY_UNIT_MINUTES - 1))}) / ${UNIT})`;

/**
 * Some byte of days `from`–`to` of a summary that holds them all (`covered`) is at least `units`:
 * they are not all below it, so trimming the values below it leaves something (decision 0071). One
 * call on the days' bytes, where a series of days read them one by one (a subquery per listing).
 * An empty span (`from` after `to`) has none.
 */
function someAtLeast(summary: Summary, column: SummaryColumn, from: SQL, to: SQL, units: SQL): SQL {
  const row = sql.raw(summary.row);
  const days = sql`substring(${bytesOf(summary, column)} from ${from} - ${row}.first_day + 1 for greatest(${to} - ${from} + 1, 0))`;
  return sql`length(btrim(${days}, substring(${BYTE_VALUES} from 1 for ${units}))) > 0`;
}

/** A capped reach reads "at least this long": it rules nothing out beyond it. */
const REACH_CAP_MINUTES = sql.raw(String(REACH_CAP * SUMMARY_UNIT_MINUTES));

/** The clock's tests of one asked day, for the summary's row (`availabilityCondition`). */
interface DayClock {
  /** The day is inside the listing's booking window. */
  inWindow: SQL;
  /** Now + notice + the zone's margin, in minutes from the day's midnight. */
  earliestOn: SQL;
}

/** An asked day's clock tests, with one more: the day begins at or after now + notice + the margin. */
interface AskedDayClock extends DayClock {
  wholly: SQL;
}

/** One of the summary's per-day columns. */
type SummaryColumn = 'longest' | 'longest_start' | 'reach' | 'last_end';

/**
 * Where the condition reads a listing's summary (decision 0061): the row's alias (the searched row
 * `d`, or `f` read by its key), and its first `SOON_DAYS` bytes (`soon_*`) or all of them (`day_*`),
 * each carried by a zone and point index of its own (decision 0072). `covered`: the row is known to
 * hold every asked day (`dateCondition` checked it once), so a day's bytes are read without checking
 * the day again (decision 0067).
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
function availabilityCondition(shape: DateShape, summary: Summary): SQL {
  const row = sql.raw(summary.row);
  const need = sql`greatest(${row}.min_duration_minutes, w.min_duration)`;
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
  const askedDay = (i: number): AskedDayClock => {
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
    const start = sql`(${byte('longest_start')} * ${UNIT})`;
    const end = sql`(least(${start} + ${byte('longest')} * ${UNIT}, w.hours_to) / ${step}) * ${step}`;
    const begin = alignUp(sql`greatest(${start}, w.hours_from, ${clock.earliestOn})`);
    return sql`(${byte('longest_start')} < ${NO_START_BYTE} and ${clock.inWindow} and ${end} - ${begin} >= ${need})`;
  };
  /** No asked day reaches the wanted length, from their greatest reach (a capped reach reads "at least that long"). */
  const reachBelow = (greatestReach: SQL) =>
    sql`coalesce(${greatestReach}, 0) * ${UNIT} < least(${need}, ${REACH_CAP_MINUTES})`;
  let sure: SQL = sql`false`;
  let reachTooShort: SQL;
  let endsTooSoon: SQL = sql`false`;
  const days = Array.from({ length: shape.days }, (_, i) => i);
  if (shape.days <= DAY_BY_DAY) {
    if (shape.hours) {
      // The day's longest stretch placed on the wall clock (days of 24 hours only), clipped to
      // the hours and to now + notice, and aligned to the step grid as the exact check would.
      sure = sql.join(
        days.map((i) => onDay(summary, askedDayNumber(i), (byte) => sureInHours(byte, askedDay(i)))),
        sql` or `,
      );
    } else {
      // The whole day is bookable from its midnight; else (a day of 24 hours) its longest stretch,
      // clipped to now + notice and aligned, must still be long enough.
      sure = sql.join(
        days.map((i) =>
          onDay(summary, askedDayNumber(i), (byte) => {
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
    reachTooShort = reachBelow(
      sql`greatest(${sql.join(
        days.map((i) => dayByte(summary, 'reach', askedDayNumber(i))),
        sql`, `,
      )})`,
    );
    endsTooSoon = lastEndRule(shape, need, summary);
  } else {
    const series = (from: SQL, to: SQL) => sql`generate_series(${from}, ${to}) i`;
    const [from, to] = [sql`greatest(w.first_asked, ${validFrom})`, sql`least(w.last_asked, ${validTo})`];
    if (!shape.hours && summary.covered) sure = someAtLeast(summary, 'longest', from, to, unitsOf(need));
    else if (!shape.hours)
      sure = sql`(select max(${dayByte(summary, 'longest', sql`i`)}) from ${series(from, to)}) * ${UNIT} >= ${need}`;
    // With hours, the day-by-day test on each day of the series until one holds: without it every
    // listing in the box went to the exact check (decision 0063).
    else
      sure = sql`exists (select 1 from ${series(sql`w.first_asked`, sql`least(w.last_asked, ${validTo})`)}
        where ${onDay(summary, sql`i`, (byte) => sureInHours(byte, seriesDay(sql`i`)))})`;
    const [first, last] = [sql`w.first_asked`, sql`w.last_asked`];
    reachTooShort = summary.covered
      ? sql`not ${someAtLeast(summary, 'reach', first, last, unitsOf(sql`least(${need}, ${REACH_CAP_MINUTES})`))}`
      : reachBelow(sql`(select max(${dayByte(summary, 'reach', sql`i`)}) from ${series(first, last)})`);
  }
  return sql`case when ${sure} then true
    when w.ends_in - ${row}.advance_notice_minutes < ${need} then false
    when ${bytesOf(summary, 'reach')} is not null and ${reachTooShort} then false
    when ${endsTooSoon} then false
    else ${exactCondition(summary)} end`;
}

/**
 * The date filter for one listing's day summary `d` in its zone's `w` (`availabilityCondition`):
 * from the summary's first `SOON_DAYS` bytes when they hold every asked day (the zone and point
 * index carries them, so a count in a map box reads no table row), else from the whole summary,
 * read by the listing's key (decision 0061); for days that may lie past those bytes, from the
 * whole summary, which an index of its own carries (`pastSoon`, decision 0072). Its text has no
 * values (`askedValues` are the zones' columns), so each shape's is built once (decision 0067): a
 * date search no longer builds the tens of kilobytes of its three copies on every request.
 */
export function dateCondition(shape: DateShape): SQL {
  const key = `${shape.days} ${shape.hours} ${shape.acrossDays} ${shape.pastSoon}`;
  let text = conditionTexts.get(key);
  if (text === undefined) {
    text = sqlText(shape.days === 0 ? sql`false` : buildDateCondition(shape));
    // Shapes are the asked days' count (at most about 95) by hours or not and near or not, about 380:
    // the texts of the few in use stay; a client cycling through them all empties the map now and then.
    if (conditionTexts.size >= 64) conditionTexts.clear();
    conditionTexts.set(key, text);
  }
  return sql.raw(text);
}

const conditionTexts = new Map<string, string>();

/** The condition of a shape, built anew (`dateCondition` keeps its text). */
export function buildDateCondition(shape: DateShape): SQL {
  if (shape.pastSoon) {
    // Days the `soon_*` bytes may not hold (decision 0072): the row's whole summary, which the index
    // of whole summaries carries, rather than a lookup by key per listing.
    const whole = availabilityCondition(shape, { row: 'd', bytes: 'day', covered: true });
    const partly = availabilityCondition(shape, { row: 'd', bytes: 'day', covered: false });
    return sql`case when d.first_day <= w.first_asked and w.last_asked < d.first_day + length(d.day_longest)
    then ${whole} else ${partly} end`;
  }
  // The `soon_*` columns hold up to `SOON_DAYS` bytes, all four as many (each is the same substring
  // of columns written together): checking the asked days against their length once covers every
  // byte the condition reads (`covered`). A summary shorter than that (a listing whose window is a
  // few days) still reads its `soon_*` bytes, each day checked, rather than its row: a day it does
  // not cover rules it out from the index alone, as before decision 0067.
  const soon = availabilityCondition(shape, { row: 'd', bytes: 'soon', covered: true });
  const short = availabilityCondition(shape, { row: 'd', bytes: 'soon', covered: false });
  const whole = availabilityCondition(shape, { row: 'f', bytes: 'day', covered: false });
  // The `soon_*` index holds the rows whose booking window is at least a day: every row (the
  // listings' check), but only a statement that says so may read it (decision 0072), so a far search
  // reads the index of whole summaries.
  return sql`(d.booking_window_days > 0 and case when d.first_day <= w.first_asked and w.last_asked < d.first_day + length(d.soon_longest)
    then ${soon}
    when d.first_day <= w.first_asked and w.last_asked < d.first_day + ${sql.raw(String(SOON_DAYS))}
    then ${short}
    else (select ${whole} from listing_free_days f where f.listing_id = d.listing_id) end)`;
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
function lastEndRule(shape: DateShape, need: SQL, summary: Summary): SQL {
  const row = sql.raw(summary.row);
  if (shape.acrossDays) return sql`false`;
  return sql.join(
    Array.from({ length: shape.days }, (_, i) => {
      const day = askedDayNumber(i);
      const lastEnd = sql`(${dayByte(summary, 'last_end', day)} * ${UNIT})`;
      // now + notice, rounded down, the zone's margin early, in minutes since day n's start: the
      // zone's row worked out `w.cut_after`, the minutes from now − 1 − the margin to the first asked
      // day's midnight (decision 0067).
      const after = i === 0 ? sql`w.cut_after` : sql`(w.cut_after + ${sql.raw(String(i * MINUTES_PER_DAY))})`;
      const earliest = sql`(${row}.advance_notice_minutes - ${after})`;
      if (!shape.hours) return sql`${lastEnd} - greatest(${earliest}, 0) < ${need}`;
      const margin = sql`case when ${dayByte(summary, 'longest_start', day)} < ${NO_START_BYTE} then 0 else 60 end`;
      return sql`least(${lastEnd}, w.hours_to + ${margin}) - greatest(${earliest}, w.hours_from - ${margin}) < ${need}`;
    }),
    sql` and `,
  );
}
