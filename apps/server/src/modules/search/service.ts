import { AppError } from '@hora/core/errors';
import type { ListingCardView, PaginationMeta } from '@hora/core/listing';
import { effectiveSort } from '@hora/core/search';
import type { searchRequestSchema } from '@hora/core/validation';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { pgErrorCode, QUERY_CANCELED } from '../../db/errors.ts';
import type { ListingCardsReader } from '../listings/ports.ts';
import { paginationMeta } from '../listings/views.ts';
import { type SearchParams, searchRepository } from './repository.ts';

export type SearchRequest = z.output<typeof searchRequestSchema>;

/**
 * The search's own pool (decision 0063): a few connections, so that a burst of searches waits for
 * them rather than for the app's (the cards of its results are read there too), and a time limit
 * on each statement, far above any search of the bench's (tens of milliseconds at 100 000
 * listings), after which the visitor is asked to search fewer dates or a smaller map (503
 * `search-too-broad`).
 */
export const SEARCH_DATABASE = { connections: 4, statementTimeoutMs: 3000 } as const;

/** The validated request as the repository runs it: relevance whenever there are keywords. */
export function searchParams(request: SearchRequest): SearchParams {
  return {
    page: request.page,
    perPage: request.perPage,
    sort: effectiveSort({ sort: request.sort, keywords: request.keywords }),
    keywords: request.keywords,
    bounds: request.bounds,
    categories: request.pub_category,
    price: request.price,
    people: request.people,
    dates: request.dates,
    times: request.dates ? request.times : undefined,
    minDuration: request.minDuration,
  };
}

/**
 * The listing search (spec part 2 §7): published listings only, filtered and sorted in one
 * statement, then shown as cards (two more, whatever the page size).
 */
export function searchService(deps: { db: Database; clock: Clock; cards: ListingCardsReader }) {
  const repository = searchRepository(deps.db);
  return {
    async search(request: SearchRequest): Promise<{ data: ListingCardView[]; meta: PaginationMeta }> {
      const params = searchParams(request);
      try {
        const { ids, total } = await repository.search(params, deps.clock.now());
        return {
          data: await deps.cards.cardsOf(ids),
          meta: paginationMeta(params.page, params.perPage, total),
        };
      } catch (error) {
        // Past the time limit, whether finding the listings or reading their cards.
        if (pgErrorCode(error) === QUERY_CANCELED) throw new AppError('search-too-broad', { cause: error });
        throw error;
      }
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
