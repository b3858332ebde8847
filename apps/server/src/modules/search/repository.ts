import { SORT, type SortKey } from '@hora/core/config';
import { type Bounds, type DateRange, priceRangeToApi, type TimeWindow } from '@hora/core/search';
import { dateKeyAt } from '@hora/core/time';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { hasHourOffsets, multirangeLiteral, wantedRanges } from './wanted.ts';

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

/** The zones of listings with free time: a loose index scan, one probe per zone. */
const ZONES = sql`
  with recursive z(zone) as (
    select min(time_zone) from listing_free_time
    union all
    select (select min(time_zone) from listing_free_time where time_zone > z.zone) from z where z.zone is not null
  )
  select zone from z where zone is not null`;

/**
 * `point(longitude, latitude) <@ box`: the partial GiST index of published listings answers it.
 * A box whose west edge is east of its east edge crosses the antimeridian: two boxes.
 */
function boundsCondition(bounds: Bounds, indexed = true): SQL {
  // `is true` hides the condition from the index: with many matches, walking the sort's index
  // and testing each row's point finds a page sooner than reading every match and sorting.
  const point = indexed ? sql`point(l.longitude, l.latitude)` : sql`(point(l.longitude, l.latitude))`;
  const test = (condition: SQL) => (indexed ? condition : sql`(${condition}) is true`);
  const box = (west: number, east: number) =>
    test(
      sql`${point} <@ box(point(${west}::float8, ${bounds.sw.lat}::float8), point(${east}::float8, ${bounds.ne.lat}::float8))`,
    );
  // A listing without a point has a null one, inside no box.
  if (bounds.sw.lng <= bounds.ne.lng) return box(bounds.sw.lng, bounds.ne.lng);
  return sql`(${box(bounds.sw.lng, 180)} or ${box(-180, bounds.ne.lng)})`;
}

/**
 * The listing has a bookable stretch of at least the wanted length in the wanted time: its stored
 * free time (core's slots without the advance notice) meets the zone's wanted days and hours, now
 * + advance notice and the end of its booking window (midnight after today + window − 1 days,
 * local), and what is left, aligned to its step grid, is long enough (core's `bookableSlots`).
 */
function availabilityCondition(now: Date, minDuration: number): SQL {
  const zone = sql`w.zone`;
  const windowEnd = sql`((w.today + l.booking_window_days)::timestamp at time zone ${zone})`;
  const earliest = sql`(${now.toISOString()}::timestamptz + make_interval(mins => l.advance_notice_minutes))`;
  // Where the zone's offsets are whole hours (Spain's are) its 30- and 60-minute grids are UTC's,
  // and the alignment is arithmetic on the epoch; elsewhere core's rule, offsets and all.
  const seconds = sql`(l.slot_step_minutes * 60)`;
  const start = sql`case when w.hour_offsets
    then ceil(extract(epoch from lower(r)) / ${seconds}) * ${seconds}
    else extract(epoch from hora_ceil_to_step(lower(r), l.slot_step_minutes, ${zone})) end`;
  const end = sql`case when w.hour_offsets
    then floor(extract(epoch from upper(r)) / ${seconds}) * ${seconds}
    else extract(epoch from hora_floor_to_step(upper(r), l.slot_step_minutes, ${zone})) end`;
  // least(): a notice reaching past the window leaves an empty range, not an error.
  return sql`f.free && w.ranges and exists (
    select 1 from unnest(f.free * w.ranges * tstzmultirange(tstzrange(least(${earliest}, ${windowEnd}), ${windowEnd}))) r
    where ${end} - ${start} >= 60 * greatest(l.min_duration_minutes, ${minDuration}::int))`;
}

function orderBy(sort: SortKey): SQL {
  switch (sort) {
    case SORT.relevance:
      return sql`ts_rank(l.search_vector, q.query) desc, l.id`;
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
    async zones(): Promise<string[]> {
      return ((await db.execute(ZONES)).rows as { zone: string }[]).map((row) => row.zone);
    },

    /** The ids of one page in order, and how many listings match in all. */
    async search(params: SearchParams, now: Date): Promise<SearchPage> {
      const conditions: SQL[] = [sql`l.state = 'published'`];
      const from: SQL[] = [sql`listings l`];
      const ctes: SQL[] = [];
      const box = params.bounds ? boundsCondition(params.bounds) : undefined;
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
        conditions.push(
          sql`l.price_amount >= ${minMinor}::int and l.price_amount < ${maxMinorExclusive}::int`,
        );
      }
      if (params.people !== undefined) conditions.push(sql`l.capacity >= ${params.people}::int`);
      if (params.dates) {
        const zones = await this.zones();
        const wanted = zones.map((zone) => ({
          zone,
          ranges: multirangeLiteral(wantedRanges(params.dates as DateRange, params.times, zone, now)),
          today: dateKeyAt(now.getTime(), zone),
          hourOffsets: hasHourOffsets(zone, now),
        }));
        ctes.push(sql`wanted as (
          select * from unnest(${`{${wanted.map((w) => `"${w.zone}"`).join(',')}}`}::text[],
            ${`{${wanted.map((w) => `"${w.ranges}"`).join(',')}}`}::tstzmultirange[],
            ${`{${wanted.map((w) => w.today).join(',')}}`}::date[],
            ${`{${wanted.map((w) => w.hourOffsets).join(',')}}`}::boolean[]) w(zone, ranges, today, hour_offsets)
          where not isempty(w.ranges)
        )`);
        from.push(sql`listing_free_time f`, sql`wanted w`);
        conditions.push(sql`f.listing_id = l.id and w.zone = f.time_zone`);
        conditions.push(availabilityCondition(now, params.minDuration ?? 0));
      }
      const withClause = ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
      const where = sql.join(conditions, sql` and `);
      const fromClause = sql.join(from, sql`, `);
      const offset = (params.page - 1) * params.perPage;
      const count = sql`${withClause}select count(*) as total from ${fromClause} where ${where}`;
      const narrowed = params.categories?.length || params.price || params.people !== undefined;
      if (params.dates || params.sort === SORT.relevance || (narrowed && params.bounds)) {
        // Reading the matches is the cost (free time, rank, or filters on the box's index tuples):
        // one pass gives the page and the total.
        const rows = (
          await db.execute(sql`${withClause}select l.id, count(*) over () as total from ${fromClause}
            where ${where} order by ${orderBy(params.sort)} limit ${params.perPage}::int offset ${offset}::int`)
        ).rows as { id: string; total: string | number }[];
        if (rows.length > 0 || offset === 0)
          return { ids: rows.map((row) => row.id), total: Number(rows[0]?.total ?? 0) };
        const [counted] = (await db.execute(count)).rows as { total: string }[];
        return { ids: [], total: Number(counted?.total ?? 0) };
      }
      // A box alone, or no box: the count first (index-only for a box); the page then walks the
      // sort's index (PostgreSQL cannot estimate a box, so with many inside it would read and sort them all).
      const [counted] = (await db.execute(count)).rows as { total: string }[];
      const total = Number(counted?.total ?? 0);
      if (total === 0 || offset >= total) return { ids: [], total };
      const walk = params.bounds !== undefined && total > MANY;
      const pageConditions = walk
        ? sql.join(
            [...conditions.filter((c) => c !== box), boundsCondition(params.bounds as Bounds, false)],
            sql` and `,
          )
        : where;
      const rows = (
        await db.execute(sql`select l.id from ${fromClause} where ${pageConditions}
          order by ${orderBy(params.sort)} limit ${params.perPage}::int offset ${offset}::int`)
      ).rows as { id: string }[];
      return { ids: rows.map((row) => row.id), total };
    },
  };
}
