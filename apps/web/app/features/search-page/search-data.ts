import { KEYWORDS, PAGE_SIZES } from '@hora/core/config';
import type { ListingCardView, PaginationMeta } from '@hora/core/listing';
import { parseSearchQuery, type SearchQuery, stringifySearchQuery } from '@hora/core/search';
import { redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { requestLocale } from '../../i18n/catalogue.server.ts';
import { type JsonText, toJsonText } from '../../json-text.ts';
import { favouritedIds } from '../favourites/favourites-api.ts';
import { resolveSearchAddress } from '../places/resolve-address.server.ts';
import { canonicalFormHref, pageHref } from './search-url.ts';

export interface SearchResult {
  /** The page's cards as JSON text, which React Router writes as it is (decision 0074). */
  listings: JsonText<ListingCardView[]>;
  meta: PaginationMeta;
}

export interface SearchPageData {
  query: SearchQuery;
  /** Null when the search could not be made (the page says so and offers to retry). */
  result: SearchResult | null;
  /** Why not, when the API said: `search-too-broad` asks for fewer dates or a smaller map. */
  failure: 'search-too-broad' | null;
  map: { tileUrl: string | undefined; attribution: string };
  /** The listings of the page the viewer keeps as favourites (their hearts are filled). */
  favourites: string[];
  signedIn: boolean;
  /** A typed place the geocoder did not know or could not look up: searched without a place. */
  placeNotice: 'not-found' | 'unavailable' | null;
}

type Context = Pick<WebContext, 'api' | 'config' | 'viewer'>;

/**
 * What the search API's strict reader (`searchRequestSchema`) takes beyond what the page's lenient
 * URL reader already checks: text lengths, the last page, a duration within a day. The test of this
 * module holds the two together.
 */
const API_LIMITS = {
  page: 10_000,
  keywords: KEYWORDS.maxLength,
  address: 500,
  minDuration: 24 * 60,
} as const;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const acceptedText = (text: string | undefined, max: number) =>
  text !== undefined && text.length <= max && !CONTROL_CHARACTERS.test(text) ? text : undefined;

/**
 * The API's query for the page's query: the same names and formats, with the page size. The URL
 * reader is lenient and the API strict, so a value the API would refuse (a very long text, a page
 * past its limit) is left out here rather than failing the whole search.
 */
export function apiSearchPath(query: SearchQuery): string {
  const accepted: SearchQuery = {
    ...query,
    keywords: acceptedText(query.keywords, API_LIMITS.keywords),
    address: acceptedText(query.address, API_LIMITS.address),
    page: query.page !== undefined && query.page <= API_LIMITS.page ? query.page : undefined,
    minDuration:
      query.minDuration !== undefined && query.minDuration <= API_LIMITS.minDuration
        ? query.minDuration
        : undefined,
    perPage: query.perPage ?? PAGE_SIZES.search,
  };
  return `/api/listings?${stringifySearchQuery(accepted)}`;
}

/**
 * `/s`: one API call for the URL's query. A GET form sent without JavaScript is first redirected to
 * the page's own URL, a page past the last to the last; an API failure is a state of the page,
 * never an error page.
 */
export async function loadSearchPage(request: Request, context: Context): Promise<SearchPageData> {
  const url = new URL(request.url);
  const canonical = canonicalFormHref(url);
  if (canonical !== null) throw redirect(canonical);
  // A place typed but not picked (no JavaScript, or Enter before a suggestion): the geocoder's
  // best match stands for it, as if picked; an unknown place is searched without.
  const resolution = await resolveSearchAddress(
    context.api,
    parseSearchQuery(url.search),
    requestLocale(request),
  );
  if (resolution.status === 'resolved') throw redirect(`/s?${stringifySearchQuery(resolution.query)}`);
  const placeNotice = resolution.status === 'unchanged' ? null : resolution.status;
  const query = resolution.query;
  const answer = await context.api<{ data: ListingCardView[]; meta: PaginationMeta }>(
    apiSearchPath(placeNotice ? { ...query, address: undefined } : query),
  );
  const ok = answer.status === 200 && Array.isArray(answer.data?.data) && answer.data.meta !== undefined;
  const code = (answer.data as { errors?: { code?: unknown }[] } | null)?.errors?.[0]?.code;
  // A page past the last one (results shrank since the link was made) goes to the last one.
  const totalPages = ok ? answer.data.meta.totalPages : 0;
  if (totalPages >= 1 && (query.page ?? 1) > totalPages) throw redirect(pageHref(query, totalPages));
  const signedIn = context.viewer !== null;
  const favourites = ok
    ? await favouritedIds(
        context.api,
        answer.data.data.map((l) => l.id),
        signedIn,
      )
    : new Set<string>();
  return {
    query,
    result: ok ? { listings: toJsonText(answer.data.data), meta: answer.data.meta } : null,
    failure: !ok && code === 'search-too-broad' ? code : null,
    map: { tileUrl: context.config.maps.tileUrl, attribution: context.config.maps.attribution },
    favourites: [...favourites],
    signedIn,
    placeNotice,
  };
}
