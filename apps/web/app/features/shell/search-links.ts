import { MAP } from '@hora/core/config';
import type { Place } from '@hora/core/geo';
import { parseSearchQuery, type SearchQuery, stringifySearchQuery } from '@hora/core/search';

export const SEARCH_PATH = '/s';

/**
 * The search the visitor is looking at: the search page's own query, nothing on any other page
 * (a listing's `?book=open` or the landing's `?mobilesearch=open` are not a search to keep).
 */
export function currentSearchQuery(location: { pathname: string; search: string }): SearchQuery {
  return location.pathname === SEARCH_PATH ? parseSearchQuery(location.search) : {};
}

/**
 * A place picked in a search box (spec part 1 §2): the current search kept, the place's address and
 * bounds, its origin only when asked (the 404 page) or when sorting by distance is on (it is off:
 * `MAP.sortByDistance`), and the first page of results again. A kept origin belonged to the old place.
 */
export function placeSearchQuery(
  current: SearchQuery,
  place: Pick<Place, 'address' | 'origin' | 'bounds'>,
  options: { withOrigin?: boolean } = {},
): SearchQuery {
  const { page: _page, origin: _origin, ...kept } = current;
  const withOrigin = options.withOrigin ?? MAP.sortByDistance;
  return {
    ...kept,
    address: place.address,
    bounds: place.bounds,
    ...(withOrigin ? { origin: place.origin } : {}),
  };
}

export function searchPath(query: SearchQuery): string {
  const search = stringifySearchQuery(query);
  return search ? `${SEARCH_PATH}?${search}` : SEARCH_PATH;
}

/**
 * The hidden fields a GET search form sends along with its own field, so a search made from the
 * search page keeps its filters with or without JavaScript: every parameter of the current search
 * except those the form sets (`replaced`) and the page number (a new search starts at page 1).
 */
export function keptSearchFields(
  current: SearchQuery,
  replaced: readonly (keyof SearchQuery)[],
): [name: string, value: string][] {
  const kept: SearchQuery = { ...current };
  for (const key of [...replaced, 'page' as const]) delete kept[key];
  return [...new URLSearchParams(stringifySearchQuery(kept))];
}
