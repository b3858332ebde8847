import { PAGE_SIZES } from '@hora/core/config';
import type { ListingCardView, PaginationMeta } from '@hora/core/listing';
import {
  parseQueryString,
  parseSearchQuery,
  type SearchQuery,
  stringifySearchQuery,
} from '@hora/core/search';
import { searchRequestSchema } from '@hora/core/validation';
import { redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { canonicalFormHref } from './search-url.ts';

export interface SearchResult {
  listings: ListingCardView[];
  meta: PaginationMeta;
}

export interface SearchPageData {
  query: SearchQuery;
  /** Null when the search could not be made (the page says so and offers to retry). */
  result: SearchResult | null;
  map: { tileUrl: string | undefined; attribution: string };
}

type Context = Pick<WebContext, 'api' | 'config'>;

/**
 * The API's query for the page's query: the same names and formats (`searchRequestSchema`), with the
 * page size. The URL reader is lenient and the API strict, so a value the API would refuse (a very
 * long text, a page past its limit) is left out here rather than failing the whole search.
 */
export function apiSearchPath(query: SearchQuery): string {
  const params = parseQueryString(
    stringifySearchQuery({ ...query, perPage: query.perPage ?? PAGE_SIZES.search }),
  );
  const checked = searchRequestSchema.safeParse(params);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string') delete params[field];
    }
  }
  return `/api/listings?${new URLSearchParams(params).toString().replace(/%2C/g, ',')}`;
}

/**
 * `/s`: one API call for the URL's query. A GET form sent without JavaScript is first redirected to
 * the page's own URL; an API failure is a state of the page, never an error page.
 */
export async function loadSearchPage(request: Request, context: Context): Promise<SearchPageData> {
  const url = new URL(request.url);
  const canonical = canonicalFormHref(url);
  if (canonical !== null) throw redirect(canonical);
  const query = parseSearchQuery(url.search);
  const answer = await context.api<{ data: ListingCardView[]; meta: PaginationMeta }>(apiSearchPath(query));
  const ok = answer.status === 200 && Array.isArray(answer.data?.data) && answer.data.meta !== undefined;
  return {
    query,
    result: ok ? { listings: answer.data.data, meta: answer.data.meta } : null,
    map: { tileUrl: context.config.maps.tileUrl, attribution: context.config.maps.attribution },
  };
}
