import { SORT, type SortKey } from '@hora/core/config';
import { type Bounds, type DateRange, priceRangeToApi, type TimeWindow } from '@hora/core/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { executePrepared, executePreparedUpTo, preparedTexts } from '../../db/prepared.ts';
import { bandCount, boundsCondition, cellsCount } from './box-repository.ts';
import {
  isOneWord,
  keptListings,
  keywordsAlone,
  oneWordInBox,
  RARE_WORD_SHARE,
} from './keywords-repository.ts';
import { type DatesFilter, datesFilter, type Zone } from './wanted-repository.ts';

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
 * rest of it (`set_config(…, true)` is `set local`; see `searchRepository`), and, for a search by
 * dates alone, plans its one statement generically (decision 0061): the statement is prepared on
 * the connection (its first 8 shapes), and its text depends only on the search's shape, so it is
 * planned once.
 */
function zonesStatement(genericPlans: boolean): SQL {
  return sql`
  with recursive z(zone) as (
    select min(time_zone) from listing_free_time
    union all
    select (select min(time_zone) from listing_free_time where time_zone > z.zone) from z where z.zone is not null
  )
  select zone, hashtext(zone) as key, set_config('jit', 'off', true) as jit, set_config('enable_seqscan', 'off', true) as seqscan${
    genericPlans ? sql`, set_config('plan_cache_mode', 'force_generic_plan', true) as plans` : sql``
  }
  from z where zone is not null`;
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

/**
 * Shapes of the statement of a search by dates alone kept prepared (decision 0061): the common ones
 * come first. At about 1.3 MB a plan, at most about 10 MB per pooled connection; rarer shapes run
 * unnamed, planned each time.
 */
const datesAloneStatements = preparedTexts(8);

/** Matches beyond which a page is found by walking the sort's index rather than the box's. */
const MANY = 2000;

/**
 * Published listings in a map box's latitude band up to which keywords in the box are tested on
 * each of the band's entries of the text copy's B-tree rather than found through the text index
 * (decision 0066): reading that many entries takes under about 10 ms on the bench's machine,
 * whatever the words.
 */
export const KEYWORDS_BOX_SCAN = 30_000;

export interface SearchOptions {
  /** Listings in a box's band up to which keywords are tested entry by entry (`KEYWORDS_BOX_SCAN`). */
  keywordsBoxScan?: number;
}

/** The one place the search touches the database. */
export function searchRepository(db: Executor, options: SearchOptions = {}) {
  const keywordsBoxScan = options.keywordsBoxScan ?? KEYWORDS_BOX_SCAN;
  return {
    /** The ids of one page in order, and how many listings match in all. */
    search(params: SearchParams, now: Date): Promise<SearchPage> {
      if (!params.dates) return searchIn(db, params, now, keywordsBoxScan);
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
      return db.transaction((tx) => searchIn(tx, params, now, keywordsBoxScan));
    },
  };
}

async function zonesOf(db: Executor, genericPlans: boolean): Promise<Zone[]> {
  // Prepared (two texts, as `genericPlans` is or not): its plan is made once per connection.
  const { rows } = await executePrepared(db, zonesStatement(genericPlans));
  return rows as Zone[];
}

/** The search's statements, on the connection of its transaction. */
async function searchIn(
  db: Executor,
  params: SearchParams,
  now: Date,
  keywordsBoxScan: number,
): Promise<SearchPage> {
  // Keywords read the narrow copy of published listings' text, with their filters and point.
  const text = params.keywords !== undefined;
  const id = text ? sql`l.listing_id` : sql`l.id`;
  const conditions: SQL[] = text ? [] : [sql`l.state = 'published'`];
  const from: SQL[] = [text ? sql`listing_search_text l` : sql`listings l`];
  const ctes: SQL[] = [];
  const box = params.bounds ? boundsCondition(params.bounds, 'btree') : undefined;
  if (box) conditions.push(box);
  const keywordMatch = sql`l.search_vector @@ q.query`;
  if (params.keywords !== undefined) {
    // Parsed by PostgreSQL as a web search (quotes, or, -): the text is a value, never SQL.
    from.push(sql`websearch_to_tsquery('hora_spanish', ${params.keywords}) q(query)`);
    conditions.push(keywordMatch);
  }
  if (params.categories && params.categories.length > 0)
    conditions.push(sql`l.categories && ${`{${params.categories.join(',')}}`}::text[]`);
  if (params.price) {
    const { minMinor, maxMinorExclusive } = priceRangeToApi(params.price, 'EUR');
    conditions.push(sql`l.price_amount >= ${minMinor}::int and l.price_amount < ${maxMinorExclusive}::int`);
  }
  if (params.people !== undefined) conditions.push(sql`l.capacity >= ${params.people}::int`);
  const narrowed = params.categories?.length || params.price || params.people !== undefined;
  // Dates (and a box) alone: one statement, counted from the day summaries' own index.
  const datesAlone = params.dates !== undefined && !narrowed && params.keywords === undefined;
  let dates: DatesFilter | undefined;
  if (params.dates) {
    const zones = await zonesOf(db, datesAlone);
    dates = datesFilter(zones, params.dates, params.times, params.minDuration ?? 0, now);
    ctes.push(dates.cte);
  }
  const withClause = ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
  const offset = (params.page - 1) * params.perPage;
  const page = sql`order by ${orderBy(params.sort)} limit ${params.perPage}::int offset ${offset}::int`;

  if (dates && datesAlone) {
    // Dates (and a box) alone: the day summaries count the matches from their own point index
    // without touching the listings; the page reads the listings in the sort's order.
    // Zone by zone (each zone's values are the outer row's): one range of the zone key and point
    // index each, rather than one scan joined to the zones by a hash (decisions 0061, 0067).
    const inZone = sql.join(
      [
        sql`d.zone_key = w.zone_key`,
        ...(dates.keysShared ? [sql`d.time_zone = w.zone`] : []),
        ...(params.bounds ? [boundsCondition(params.bounds, 'btree', sql`d`)] : []),
        dates.condition,
      ],
      sql` and `,
    );
    // The matches' ids, for a page among few (`offset 0` keeps the subquery, so it stays a range per zone).
    const matches = sql`select m.listing_id from wanted w cross join lateral (
            select d.listing_id from listing_free_days d where ${inZone} offset 0) m`;
    // Counted zone by zone, inside each zone's scan: each entry goes from the index to the count
    // with no node between them (decision 0067).
    const counted = sql`select coalesce(sum(m.matches), 0)::bigint as total from wanted w cross join lateral (
            select count(*) as matches from listing_free_days d where ${inZone}) m`;
    // The count and the page in one statement, as for a box alone. Many matches: walk the sort's
    // index, testing each listing's point and then its days (a subquery per row, which the planner
    // cannot turn into a join that reads them all); few: the listings among the matches.
    // The listings' own conditions, the box hidden from its index (both pages read another index).
    const unboxed = [
      ...conditions.filter((c) => c !== box),
      ...(params.bounds ? [boundsCondition(params.bounds, 'none')] : []),
    ];
    const walk = sql.join(
      [
        ...unboxed,
        sql`(select ${dates.condition} from listing_free_days d join wanted w on w.zone = d.time_zone
              where d.listing_id = l.id) is true`,
      ],
      sql` and `,
    );
    // The matches' ids gathered once (an array, not `in`: with a box of few listings, the generic
    // plan's semi join ran the matches' scan again for every listing in the box, 300 times on the
    // demo data, 3.4 s for a month of dates with hours), and looked up by key: with the box's
    // condition hidden from its index, each listing of the box no longer searches the array in turn
    // (980 matches in a box of 1 123: 6.6 → 4.5 ms, decision 0067).
    const among = sql.join([...unboxed, sql`l.id = any(array(${matches}))`], sql` and `);
    const pageOf = (pageConditions: SQL) =>
      sql`array(select l.id::text from listings l where ${pageConditions} ${page})`;
    const [row] = (
      await executePreparedUpTo(
        db,
        sql`${withClause}select c.total, case when c.total <= ${offset}::int then '{}'::text[]
              when c.total > ${MANY}::int then ${pageOf(walk)} else ${pageOf(among)} end as ids
            from (${counted}) c`,
        datesAloneStatements,
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
  if (text) {
    // Each match ranked once, kept, then counted and paged: cheaper than a window's count over
    // them, which PostgreSQL also keeps before sorting (decision 0062).
    const ranked = (condition: SQL) =>
      sql`select ${id} as id, ts_rank(l.search_vector, q.query) as rank from ${fromClause} where ${condition}`;
    if (!dates && conditions.length === (box ? 2 : 1) && isOneWord(params.keywords as string)) {
      // One plain word, alone or in a map box: its postings (decision 0080).
      return box
        ? oneWordInBox(db, params.keywords as string, params.bounds as Bounds, params.perPage, offset)
        : keywordsAlone(db, params.keywords as string, params.perPage, offset);
    }
    if (!box) {
      const [row] = (
        await db.execute(
          sql`with ${sql.join([...ctes, sql`m as materialized (${ranked(where)})`], sql`, `)}
              select (select count(*) from m) as total, array(select m.id::text from m ${page}) as ids`,
        )
      ).rows as { ids: string[]; total: string }[];
      return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
    }
    // In a map box (decision 0062): the copies whose vector fits in the B-tree on their point are
    // read from it, the others from their rows, through the index of their points.
    const inBox = (keyword: SQL) => {
      const condition = sql.join(
        conditions.map((c) => (c === keywordMatch ? keyword : c)),
        sql` and `,
      );
      return sql`${ranked(sql`${condition} and l.box_indexed`)} union all ${ranked(sql`${condition} and not l.box_indexed`)}`;
    };
    // PostgreSQL reads a box's two ranges as independent and guesses it far too small where
    // listings gather (a city's box: about a quarter of the real count), so it found a common word
    // through the text index and read its matches' rows across the country. The kept count of the
    // box's latitude band decides instead (decision 0066): the B-tree reads the whole band, so up to
    // `keywordsBoxScan` listings there, each of its entries is tested (the match hidden from the text
    // index by `is true`); beyond, or for a single word few listings hold across the country (its
    // kept count times `RARE_WORD_SHARE` below the band's, decision 0068), the planner chooses.
    const boxed = (m: string) => ({
      total: sql`(select count(*) from ${sql.raw(m)})`,
      ids: sql`array(select m.id::text from ${sql.raw(m)} m ${page})`,
    });
    const [scan, chosen] = [boxed('b'), boxed('m')];
    const small = sql`c.total <= ${keywordsBoxScan}::int and (w.listings is null or w.listings * ${RARE_WORD_SHARE}::int >= c.total)`;
    const [row] = (
      await db.execute(
        sql`with ${sql.join(
          [
            ...ctes,
            sql`b as materialized (${inBox(sql`(${keywordMatch}) is true`)})`,
            sql`m as materialized (${inBox(keywordMatch)})`,
          ],
          sql`, `,
        )}
            select case when ${small} then ${scan.total} else ${chosen.total} end as total,
              case when ${small} then ${scan.ids} else ${chosen.ids} end as ids
            from (${bandCount(params.bounds as Bounds)}) c,
              (select case when numnode(q.query) = 1 then ${keptListings(sql`q.query`)} end as listings
               from websearch_to_tsquery('hora_spanish', ${params.keywords}) q(query)) w`,
      )
    ).rows as { ids: string[]; total: string }[];
    return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
  }
  const count = sql`${withClause}select count(*) as total from ${fromClause} where ${where}`;
  if (dates || (narrowed && params.bounds)) {
    // Reading the matches is the cost (free time, or filters on the box's index tuples): one pass
    // gives the page and the total.
    const statement = sql`${withClause}select l.id, count(*) over () as total from ${fromClause} where ${where} ${page}`;
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
          from (${cells ?? count} offset 0) c`,
    )
  ).rows as { ids: string[]; total: string }[];
  return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
}
