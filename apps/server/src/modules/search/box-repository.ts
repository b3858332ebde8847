import type { Bounds } from '@hora/core/search';
import { type SQL, sql } from 'drizzle-orm';

/** The map box's SQL: its condition on a listing's point, and its count from the kept cells. */

/** How a box's condition may reach an index (decision 0051). */
export type BoxIndex = 'btree' | 'none';

/**
 * The map box, as core's `boundsContain` reads it: latitude and longitude between the corners, both
 * ends included; a box whose west edge is east of its east edge crosses the antimeridian. A listing
 * without a point is inside no box.
 * - `btree`: the bare comparisons, which the B-trees on (latitude, longitude) answer index-only:
 *   published listings' (with the columns the other filters and orders read), their text copies'
 *   (with the text vector, decision 0062) and the day summaries' (a date search's count, decision
 *   0054);
 * - `none`: hidden from every index (`is true`): with many matches, walking the sort's index and
 *   testing each row's point finds a page sooner than reading every match and sorting.
 */
export function boundsCondition(bounds: Bounds, use: BoxIndex, alias = sql`l`): SQL {
  const { sw, ne } = bounds;
  const latitude = sql`${alias}.latitude between ${sw.lat}::float8 and ${ne.lat}::float8`;
  const longitude =
    sw.lng > ne.lng
      ? sql`(${alias}.longitude >= ${sw.lng}::float8 or ${alias}.longitude <= ${ne.lng}::float8)`
      : sql`${alias}.longitude between ${sw.lng}::float8 and ${ne.lng}::float8`;
  const exact = sql`${latitude} and ${longitude}`;
  return use === 'none' ? sql`(${exact}) is true` : exact;
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
export function cellsCount(bounds: Bounds): SQL | null {
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

/**
 * About how many published listings lie in the box's latitude band, at every longitude: the kept
 * counts of the cells whose rows meet it (a little more than the band, never less). A B-tree on
 * (latitude, longitude) reads the whole band to find the box, so this is the work of reading it.
 */
export function bandCount(bounds: Bounds): SQL {
  const int = (value: number) => sql.raw(String(value));
  const cell = (edge: number) => Math.floor(edge * CELLS_PER_DEGREE);
  return sql`select coalesce(sum(c.listings), 0) as total from listing_point_cells c
    where c.cell_lat between ${int(cell(bounds.sw.lat) - 1)} and ${int(cell(bounds.ne.lat) + 1)}`;
}
