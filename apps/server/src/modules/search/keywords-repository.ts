import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { executePrepared } from '../../db/prepared.ts';

/**
 * How many published listings hold a query's one word: its kept count (`listing_lexeme_counts`,
 * kept by the text copy's triggers), 0 for a word none holds. Only for a query of a single lexeme
 * (`numnode(query) = 1`), which is read back from the query's text as a vector's.
 */
export function keptListings(query: SQL): SQL {
  return sql`coalesce((select c.listings from listing_lexeme_counts c
    where c.lexeme = (tsvector_to_array(querytree(${query})::tsvector))[1]), 0)`;
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
 * A search by one plain word alone (`isOneWord`), across the whole country (decision 0068): its
 * total and one page in one prepared statement. Parsed by PostgreSQL as a web search: the text is
 * a value, never SQL.
 * - A single lexeme: the total is the word's kept count (`listing_lexeme_counts`, kept by the text
 *   copy's triggers), and the page ranks the matches as it reads them, keeping the best few: their
 *   rows are read once, not kept and read again.
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
      sql`with k as (
            select q.query, numnode(q.query) = 1 as single
            from websearch_to_tsquery('hora_spanish', ${keywords}::text) q(query)),
          m as materialized (
            select l.listing_id as id, ts_rank(l.search_vector, k.query) as rank
            from listing_search_text l, k where l.search_vector @@ k.query)
          select case when k.single
              then ${keptListings(sql`k.query`)}
              else (select count(*) from m) end as total,
            case when k.single
              then array(select l.listing_id::text from listing_search_text l where l.search_vector @@ k.query
                ${page(sql`ts_rank(l.search_vector, k.query) desc, l.listing_id`)})
              else array(select m.id::text from m ${page(sql`m.rank desc, m.id`)}) end as ids
          from k`,
    )
  ).rows as { ids: string[]; total: string | number }[];
  return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
}
