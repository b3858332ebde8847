import type { Bounds } from '@hora/core/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { executePrepared } from '../../db/prepared.ts';
import { boundsCondition } from './box-repository.ts';

/**
 * The lexeme of a query of a single lexeme (`numnode(query) = 1`), read back from the query's text
 * as a vector's: both types quote a lexeme alike.
 */
function lexemeOf(query: SQL): SQL {
  return sql`(tsvector_to_array(querytree(${query})::tsvector))[1]`;
}

/**
 * How many published listings hold a query's one word: its kept count (`listing_lexeme_counts`,
 * kept by the text copy's triggers), 0 for a word none holds. Only for a query of a single lexeme.
 */
export function keptListings(query: SQL): SQL {
  return sql`coalesce((select c.listings from listing_lexeme_counts c where c.lexeme = ${lexemeOf(query)}), 0)`;
}

/** The query of keywords, parsed by PostgreSQL as a web search: the text is a value, never SQL. */
function parsedQuery(keywords: string): SQL {
  return sql`websearch_to_tsquery('hora_spanish', ${keywords}::text)`;
}

/** The parsed query of keywords (`parsedQuery`) and its number of nodes, as one row. */
function parsedKeywords(keywords: string): SQL {
  return sql`select q.query, numnode(q.query) as nodes from ${parsedQuery(keywords)} q(query)`;
}

/**
 * Published listings holding a query's word across the country, times this, below which the word is
 * found in a map box through the text index rather than by testing each entry of the box's latitude
 * band (decision 0068): reading a match's row costs about what testing 3 to 4 of the band's entries
 * does.
 */
export const RARE_WORD_SHARE = 4;

/**
 * Keywords of one plain word (letters and digits): one lexeme, or none, as the parser reads them.
 * Only these go to `keywordsAlone`'s prepared statement. Any other query is planned for its words
 * each time (unnamed), where the planner reads the query and estimates its matches: prepared, it
 * came from the statement's `k` and was guessed at, and "-estudio" (85 490 matches) took 110 ms
 * through the text index against 64 ms reading the table (decision 0068).
 */
export function isOneWord(keywords: string): boolean {
  return /^[\p{L}\p{N}]+$/u.test(keywords.trim());
}

/**
 * A search by one plain word alone (`isOneWord`), across the whole country (decisions 0068, 0080):
 * its total and one page in one prepared statement.
 * - A single lexeme: the total is the word's kept count (`listing_lexeme_counts`), and the page the
 *   best ranked of the word's postings (`listing_search_words`, each with the listing's rank for
 *   the word), read from their B-tree alone: no listing's text is read or ranked.
 * - Otherwise (no lexeme, or several): each match ranked once and kept, then counted and paged
 *   (decision 0062).
 * `case` runs only the branch it picks: the kept matches are never read for one word.
 */
export async function keywordsAlone(
  db: Executor,
  keywords: string,
  limit: number,
  offset: number,
): Promise<{ ids: string[]; total: number }> {
  const page = (order: SQL) => sql`order by ${order} limit ${limit}::int offset ${offset}::int`;
  const [row] = (
    await executePrepared(
      db,
      sql`with k as (${parsedKeywords(keywords)}),
          m as materialized (
            select l.listing_id as id, ts_rank(l.search_vector, k.query) as rank
            from listing_search_text l, k where l.search_vector @@ k.query)
          select case when k.nodes = 1
              then ${keptListings(sql`k.query`)}
              else (select count(*) from m) end as total,
            case when k.nodes = 1
              then array(select w.listing_id::text from listing_search_words w where w.lexeme = ${lexemeOf(sql`k.query`)}
                ${page(sql`w.rank desc, w.listing_id`)})
              else array(select m.id::text from m ${page(sql`m.rank desc, m.id`)}) end as ids
          from k`,
    )
  ).rows as { ids: string[]; total: string | number }[];
  return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
}

/**
 * A search by one plain word (`isOneWord`) in a map box, with no other filter (decision 0080): the
 * word's postings inside the box (`listing_search_words`), read from their B-tree on (word, point)
 * with each listing's rank for the word, counted and paged in one prepared statement. No listing's
 * text is read: the box's other listings are never tested. A query of no lexeme (a stop word) finds
 * nothing; one of several (a plain word the parser splits at a sign it does not keep, "sala²cocina":
 * a phrase of two) is matched and ranked on the text copies in the box through their point indexes
 * (decision 0062), as the general way does.
 */
export async function oneWordInBox(
  db: Executor,
  keywords: string,
  bounds: Bounds,
  limit: number,
  offset: number,
): Promise<{ ids: string[]; total: number }> {
  const [row] = (await executePrepared(db, oneWordInBoxStatement(keywords, bounds, limit, offset))).rows as {
    ids: string[];
    total: string | number;
  }[];
  return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
}

/** `oneWordInBox`'s statement (exported for the test of its plans). */
export function oneWordInBoxStatement(keywords: string, bounds: Bounds, limit: number, offset: number): SQL {
  const page = sql`order by m.rank desc, m.id limit ${limit}::int offset ${offset}::int`;
  // The word is written out where the postings are read, not read from `k`: as a function of the
  // statement's value alone, a custom plan (each connection's first five runs of the statement)
  // computes it once, as a constant, and searches the postings' B-tree for it. Read from `k`, it was
  // unknown when planning: the custom plans read every posting in the box (516 707 for Madrid's,
  // 130–280 ms) and joined them to it. A generic plan computes it once too, as the index's key.
  const query = parsedQuery(keywords);
  return sql`with k as (${parsedKeywords(keywords)}),
      p as materialized (
        select w.listing_id as id, w.rank from listing_search_words w
        where numnode(${query}) = 1 and w.lexeme = ${lexemeOf(query)} and ${boundsCondition(bounds, 'btree', sql`w`)}),
      m as materialized (${sql.join(
        [sql`l.box_indexed`, sql`not l.box_indexed`].map(
          (indexed) => sql`select l.listing_id as id, ts_rank(l.search_vector, k.query) as rank
            from listing_search_text l, k
            where k.nodes > 1 and l.search_vector @@ k.query and ${boundsCondition(bounds, 'btree')} and ${indexed}`,
        ),
        sql` union all `,
      )})
      select case when k.nodes = 1 then (select count(*) from p)
          when k.nodes > 1 then (select count(*) from m) else 0 end as total,
        case when k.nodes = 1 then array(select m.id::text from p m ${page})
          when k.nodes > 1 then array(select m.id::text from m ${page}) else '{}'::text[] end as ids
      from k`;
}
