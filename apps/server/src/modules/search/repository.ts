import { SORT, type SortKey } from '@hora/core/config';
import { type Bounds, type DateRange, priceRangeToApi, type TimeWindow } from '@hora/core/search';
import { dateKeyAt, minutesOfTime } from '@hora/core/time';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { NO_START, REACH_CAP, SUMMARY_UNIT_MINUTES } from './free-time.ts';
import {
  askedDays,
  hasHourOffsets,
  minutesSinceMidnight,
  minutesToEnd,
  multirangeLiteral,
  wantedRanges,
} from './wanted.ts';

/** A search as the repository runs it: validated values, the sort already decided. */
export interface SearchParams {
  page: number;
  perPage: number;
  sort: SortKey;
  keywords?: string;
  bounds?: Bounds;
  categories?: readonly string[];
  /** Whole euros, both inclusive. */
  price?: { min: number; max: number };
  people?: number;
  dates?: DateRange;
  times?: TimeWindow;
  /** Minutes of free time wanted in one stretch; any bookable stretch when absent. */
  minDuration?: number;
}

export interface SearchPage {
  ids: string[];
  total: number;
}

/**
 * The zones of listings with free time: a loose index scan, one probe per zone. A date search asks
 * first, in its own transaction, so the same round trip turns JIT and sequential scans off for the
 * rest of it (`set_config(…, true)` is `set local`; see `searchRepository`).
 */
const ZONES = sql`
  with recursive z(zone) as (
    select min(time_zone) from listing_free_time
    union all
    select (select min(time_zone) from listing_free_time where time_zone > z.zone) from z where z.zone is not null
  )
  select zone, set_config('jit', 'off', true) as jit, set_config('enable_seqscan', 'off', true) as seqscan
  from z where zone is not null`;

/** How a box's condition may reach an index (decision 0051). */
type BoxIndex = 'btree' | 'gist' | 'none';

/**
 * The map box, as core's `boundsContain` reads it: latitude and longitude between the corners, both
 * ends included; a box whose west edge is east of its east edge crosses the antimeridian. A listing
 * without a point is inside no box.
 * - `btree`: the bare comparisons, which the B-tree on (latitude, longitude) of published listings
 *   answers (index-only, with the columns the other filters and orders read), and the day
 *   summaries' covering B-tree (a date search's count, index-only; decision 0054);
 * - `gist`: also `point(longitude, latitude) <@ box`, for the GiST index of the box with keywords;
 *   the operator's tolerance (1e-6) only widens, the comparisons keep it exact;
 * - `none`: hidden from every index (`is true`): with many matches, walking the sort's index and
 *   testing each row's point finds a page sooner than reading every match and sorting.
 */
function boundsCondition(bounds: Bounds, use: BoxIndex, alias = sql`l`): SQL {
  const { sw, ne } = bounds;
  const latitude = sql`${alias}.latitude between ${sw.lat}::float8 and ${ne.lat}::float8`;
  const across = sw.lng > ne.lng;
  const longitude = across
    ? sql`(${alias}.longitude >= ${sw.lng}::float8 or ${alias}.longitude <= ${ne.lng}::float8)`
    : sql`${alias}.longitude between ${sw.lng}::float8 and ${ne.lng}::float8`;
  const exact = sql`${latitude} and ${longitude}`;
  if (use === 'none') return sql`(${exact}) is true`;
  if (use === 'btree') return exact;
  const box = (west: number, east: number) =>
    sql`point(${alias}.longitude, ${alias}.latitude) <@ box(point(${west}::float8, ${sw.lat}::float8), point(${east}::float8, ${ne.lat}::float8))`;
  const point = across ? sql`(${box(sw.lng, 180)} or ${box(-180, ne.lng)})` : box(sw.lng, ne.lng);
  return sql`${point} and ${exact}`;
}

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
const dayByte = (column: 'day_longest' | 'day_longest_start' | 'day_reach' | 'day_last_end', n: SQL) =>
  sql`hora_day_byte(d.${sql.raw(column)}, d.first_day, ${n})`;

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
function availabilityCondition(
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
        days.map((n) => {
          const startByte = dayByte('day_longest_start', day(n));
          const start = sql`(${startByte} * ${UNIT})`;
          const end = sql`(least(${start} + ${dayByte('day_longest', day(n))} * ${UNIT}, ${sql.raw(String(to))}) / ${step}) * ${step}`;
          const begin = alignUp(sql`greatest(${start}, ${sql.raw(String(from))}, ${earliestOn(day(n))})`);
          return sql`(${startByte} < ${NO_START_BYTE} and ${day(n)} <= ${validTo} and ${end} - ${begin} >= ${need})`;
        }),
        sql` or `,
      );
    } else {
      // The whole day is bookable from its midnight; else (a day of 24 hours) its longest stretch,
      // clipped to now + notice and aligned, must still be long enough.
      sure = sql.join(
        days.map((n) => {
          const startByte = dayByte('day_longest_start', day(n));
          const start = sql`(${startByte} * ${UNIT})`;
          const longest = sql`(${dayByte('day_longest', day(n))} * ${UNIT})`;
          return sql`(${longest} >= ${need} and ${day(n)} <= ${validTo} and (${day(n)} >= ${validFrom}
              or (${startByte} < ${NO_START_BYTE} and ${start} + ${longest} - ${alignUp(sql`greatest(${start}, ${earliestOn(day(n))})`)} >= ${need})))`;
        }),
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

/** Cells per degree of `listing_point_cells` (migration 0023): a hundredth of a degree. */
const CELLS_PER_DEGREE = 100;
/** Margins, in cells and in degrees, far wider than float8's error on `latitude * 100`. */
const CELL_MARGIN = 1e-6;
const DEGREE_MARGIN = 1e-7;

/**
 * How many published listings a map box holds, from the kept counts of the cells wholly inside it
 * plus an exact count of the rest, as four bands that together hold every other listing of the
 * box once (decision 0059): south and north of the inner cells by latitude, then west and east of
 * them by longitude. A listing's cell is `floor(coordinate * 100)` in SQL both here and in the
 * triggers that keep the counts, so the two never disagree on it; the inner cells are chosen with a
 * margin so that every listing of theirs is inside the box. Null for a box of fewer than three
 * cells a side, or across the antimeridian: counted directly.
 */
function cellsCount(bounds: Bounds): SQL | null {
  const { sw, ne } = bounds;
  if (sw.lng > ne.lng) return null;
  // Cells k whose every point lies inside: k / 100 ≥ south edge and (k + 1) / 100 ≤ north edge.
  const first = (edge: number) => Math.ceil(edge * CELLS_PER_DEGREE + CELL_MARGIN);
  const last = (edge: number) => Math.floor(edge * CELLS_PER_DEGREE - CELL_MARGIN) - 1;
  const [south, north, west, east] = [first(sw.lat), last(ne.lat), first(sw.lng), last(ne.lng)];
  if (north - south < 2 || east - west < 2) return null;
  const int = (value: number) => sql.raw(String(value));
  const degrees = (value: number) => sql`${value}::float8`;
  const cellLat = sql`floor(l.latitude * ${int(CELLS_PER_DEGREE)})`;
  const cellLng = sql`floor(l.longitude * ${int(CELLS_PER_DEGREE)})`;
  const box = boundsCondition(bounds, 'btree');
  const band = (range: SQL, cell: SQL) =>
    sql`(select count(*) from listings l where l.state = 'published' and ${range} and ${box} and ${cell})`;
  const inner = (cell: SQL, from: number, to: number) => sql`${cell} between ${int(from)} and ${int(to)}`;
  return sql`select (select coalesce(sum(c.listings), 0) from listing_point_cells c
      where c.cell_lat between ${int(south)} and ${int(north)} and c.cell_lng between ${int(west)} and ${int(east)})
    + ${band(sql`l.latitude <= ${degrees(south / CELLS_PER_DEGREE + DEGREE_MARGIN)}`, sql`${cellLat} < ${int(south)}`)}
    + ${band(sql`l.latitude >= ${degrees((north + 1) / CELLS_PER_DEGREE - DEGREE_MARGIN)}`, sql`${cellLat} > ${int(north)}`)}
    + ${band(
      sql`l.longitude <= ${degrees(west / CELLS_PER_DEGREE + DEGREE_MARGIN)}`,
      sql`${inner(cellLat, south, north)} and ${cellLng} < ${int(west)}`,
    )}
    + ${band(
      sql`l.longitude >= ${degrees((east + 1) / CELLS_PER_DEGREE - DEGREE_MARGIN)}`,
      sql`${inner(cellLat, south, north)} and ${cellLng} > ${int(east)}`,
    )} as total`;
}

function orderBy(sort: SortKey): SQL {
  switch (sort) {
    case SORT.relevance:
      // Over the ranked matches `m` (each ranked once, before the count keeps them).
      return sql`m.rank desc, m.id`;
    case '-createdAt':
      return sql`l.created_at asc, l.id asc`;
    case 'price':
      return sql`l.price_amount desc nulls last, l.id desc`;
    case '-price':
      return sql`l.price_amount asc nulls last, l.id asc`;
    default:
      return sql`l.created_at desc, l.id desc`;
  }
}

/** Matches beyond which a page is found by walking the sort's index rather than the box's. */
const MANY = 2000;

/** The one place the search touches the database. */
export function searchRepository(db: Executor) {
  return {
    /** The ids of one page in order, and how many listings match in all. */
    search(params: SearchParams, now: Date): Promise<SearchPage> {
      if (!params.dates) return searchIn(db, params, now);
      // Where PostgreSQL is built with JIT (Debian's and most packages are), it compiles a statement
      // whose estimated cost passes `jit_above_cost` (100 000 by default). A date search's exact
      // check is costed high per row, so its page walk passes it and spent 1.2–2.3 s compiling for
      // 0.4 ms of work on PostgreSQL 15: off for its statements, in one transaction (decision
      // 0051). The other searches are costed far below (thousands at 100 000 listings).
      // Its first statement (the zones) turns it off.
      // Sequential scans too (decision 0058): the day summaries' covering index holds nearly the
      // whole row, so PostgreSQL costs reading a map box's part of it (its rows side by side, about a
      // third of the table's pages for Madrid) close to reading the whole table, and took the table
      // on a freshly analysed database: 35 ms against 13 ms for the count.
      return db.transaction((tx) => searchIn(tx, params, now));
    },
  };
}

async function zonesOf(db: Executor): Promise<string[]> {
  return ((await db.execute(ZONES)).rows as { zone: string }[]).map((row) => row.zone);
}

/** The search's statements, on the connection of its transaction. */
async function searchIn(db: Executor, params: SearchParams, now: Date): Promise<SearchPage> {
  // Keywords without a box read the narrow copy of published listings' text, filters and all.
  const textOnly = params.keywords !== undefined && params.bounds === undefined;
  const id = textOnly ? sql`l.listing_id` : sql`l.id`;
  const conditions: SQL[] = textOnly ? [] : [sql`l.state = 'published'`];
  const from: SQL[] = [textOnly ? sql`listing_search_text l` : sql`listings l`];
  const ctes: SQL[] = [];
  // With keywords the box reads the GiST index that carries the text vector (decision 0035).
  const box = params.bounds
    ? boundsCondition(params.bounds, params.keywords === undefined ? 'btree' : 'gist')
    : undefined;
  if (box) conditions.push(box);
  if (params.keywords !== undefined) {
    // Parsed by PostgreSQL as a web search (quotes, or, -): the text is a value, never SQL.
    from.push(sql`websearch_to_tsquery('hora_spanish', ${params.keywords}) q(query)`);
    conditions.push(sql`l.search_vector @@ q.query`);
  }
  if (params.categories && params.categories.length > 0)
    conditions.push(sql`l.categories && ${`{${params.categories.join(',')}}`}::text[]`);
  if (params.price) {
    const { minMinor, maxMinorExclusive } = priceRangeToApi(params.price, 'EUR');
    conditions.push(sql`l.price_amount >= ${minMinor}::int and l.price_amount < ${maxMinorExclusive}::int`);
  }
  if (params.people !== undefined) conditions.push(sql`l.capacity >= ${params.people}::int`);
  let dates: { cte: SQL; condition: SQL } | undefined;
  if (params.dates) {
    const asked = params.dates;
    const zones = await zonesOf(db);
    const wanted = zones.map((zone) => {
      const ranges = wantedRanges(asked, params.times, zone, now);
      return {
        zone,
        ranges: multirangeLiteral(ranges),
        today: dateKeyAt(now.getTime(), zone),
        hourOffsets: hasHourOffsets(zone, now),
        minutes: minutesSinceMidnight(now, zone),
        // An empty set of ranges drops the zone (`where not isempty`): any number does.
        endsIn: ranges.length > 0 ? minutesToEnd(ranges, now) : 0,
      };
    });
    dates = {
      cte: sql`wanted as (
          select * from unnest(${`{${wanted.map((w) => `"${w.zone}"`).join(',')}}`}::text[],
            ${`{${wanted.map((w) => `"${w.ranges}"`).join(',')}}`}::tstzmultirange[],
            ${`{${wanted.map((w) => w.today).join(',')}}`}::date[],
            ${`{${wanted.map((w) => w.hourOffsets).join(',')}}`}::boolean[],
            ${`{${wanted.map((w) => w.minutes).join(',')}}`}::int[],
            ${`{${wanted.map((w) => w.endsIn).join(',')}}`}::int[]) w(zone, ranges, today, hour_offsets, minutes, ends_in)
          where not isempty(w.ranges)
        )`,
      condition: availabilityCondition(
        now,
        askedDays(
          asked,
          wanted.map((w) => w.today),
        ),
        params.times,
        params.minDuration ?? 0,
      ),
    };
    ctes.push(dates.cte);
  }
  const withClause = ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
  const offset = (params.page - 1) * params.perPage;
  const narrowed = params.categories?.length || params.price || params.people !== undefined;
  const page = sql`order by ${orderBy(params.sort)} limit ${params.perPage}::int offset ${offset}::int`;

  if (dates && !narrowed && params.keywords === undefined) {
    // Dates (and a box) alone: the day summaries count the matches from their own point index
    // without touching the listings; the page reads the listings in the sort's order.
    const matches = sql`select d.listing_id from listing_free_days d join wanted w on w.zone = d.time_zone
          where ${sql.join([...(params.bounds ? [boundsCondition(params.bounds, 'btree', sql`d`)] : []), dates.condition], sql` and `)}`;
    // The count and the page in one statement, as for a box alone. Many matches: walk the sort's
    // index, testing each listing's point and then its days (a subquery per row, which the planner
    // cannot turn into a join that reads them all); few: the listings among the matches.
    const walk = sql.join(
      [
        ...conditions.filter((c) => c !== box),
        ...(params.bounds ? [boundsCondition(params.bounds, 'none')] : []),
        sql`(select ${dates.condition} from listing_free_days d join wanted w on w.zone = d.time_zone
              where d.listing_id = l.id) is true`,
      ],
      sql` and `,
    );
    const among = sql.join([...conditions, sql`l.id in (${matches})`], sql` and `);
    const pageOf = (pageConditions: SQL) =>
      sql`array(select l.id::text from listings l where ${pageConditions} ${page})`;
    const [row] = (
      await db.execute(
        sql`${withClause}select c.total, case when c.total <= ${offset}::int then '{}'::text[]
              when c.total > ${MANY}::int then ${pageOf(walk)} else ${pageOf(among)} end as ids
            from (select count(*) as total from (${matches}) m) c`,
      )
    ).rows as { ids: string[]; total: string }[];
    return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
  }

  if (dates) {
    from.push(sql`listing_free_days d`, sql`wanted w`);
    conditions.push(sql`d.listing_id = ${id} and w.zone = d.time_zone`, dates.condition);
  }
  const where = sql.join(conditions, sql` and `);
  const fromClause = sql.join(from, sql`, `);
  const count = sql`${withClause}select count(*) as total from ${fromClause} where ${where}`;
  if (dates || params.sort === SORT.relevance || (narrowed && params.bounds)) {
    // Reading the matches is the cost (free time, rank, or filters on the box's index tuples):
    // one pass gives the page and the total.
    const statement =
      params.sort === SORT.relevance
        ? sql`${withClause}select m.id, count(*) over () as total from (
                select ${id} as id, ts_rank(l.search_vector, q.query) as rank from ${fromClause} where ${where} offset 0
              ) m ${page}`
        : sql`${withClause}select l.id, count(*) over () as total from ${fromClause} where ${where} ${page}`;
    const rows = (await db.execute(statement)).rows as { id: string; total: string | number }[];
    if (rows.length > 0 || offset === 0)
      return { ids: rows.map((row) => row.id), total: Number(rows[0]?.total ?? 0) };
    const [counted] = (await db.execute(count)).rows as { total: string }[];
    return { ids: [], total: Number(counted?.total ?? 0) };
  }
  if (conditions.length === 1) {
    // No filter at all (the search page as first opened): the total is every published listing,
    // kept by the listings' triggers (decision 0055), read with the page in one statement.
    const [row] = (
      await db.execute(
        sql`select p.count as total, array(select l.id::text from listings l where ${where} ${page}) as ids
            from published_listings p`,
      )
    ).rows as { ids: string[]; total: string }[];
    return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
  }
  // A box alone, or no box: the count (index-only for a box, from the kept cells for a box alone)
  // and the page in one statement. With many inside a box, the page walks the sort's index
  // (PostgreSQL cannot estimate a box, so it would read and sort them all); `case` runs only the
  // page it picks.
  const cells = params.bounds && conditions.length === 2 ? cellsCount(params.bounds) : null;
  const pageOf = (pageConditions: SQL) =>
    sql`array(select l.id::text from ${fromClause} where ${pageConditions} ${page})`;
  const walk = params.bounds
    ? pageOf(
        sql.join(
          [...conditions.filter((c) => c !== box), boundsCondition(params.bounds, 'none')],
          sql` and `,
        ),
      )
    : null;
  const ids = walk
    ? sql`case when c.total > ${MANY}::int then ${walk} else ${pageOf(where)} end`
    : pageOf(where);
  const [row] = (
    await db.execute(
      sql`select c.total, case when c.total > ${offset}::int then ${ids} else '{}'::text[] end as ids
          from (${cells ?? count}) c`,
    )
  ).rows as { ids: string[]; total: string }[];
  return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
}
