import type { ListingCardView, PaginationMeta } from '@hora/core/listing';
import { encodeBounds } from '@hora/core/search';
import type { WebContext } from '../../context.ts';
import { CITY_SECTION, type CityName } from './cities.ts';

type Api = WebContext['api'];

/** What the landing page shows of the listings: each city's count and the newest listings. */
export interface LandingListings {
  /** Published listings inside each city's bounds; null when the search could not say. */
  counts: Record<CityName, number | null>;
  /** The newest published listings, empty when the search could not say. */
  featured: ListingCardView[];
}

export const FEATURED_COUNT = 8;

type SearchAnswer = { data: ListingCardView[]; meta: PaginationMeta };

async function search(api: Api, query: URLSearchParams): Promise<SearchAnswer | null> {
  try {
    const result = await api<SearchAnswer>(`/api/listings?${query}`);
    return result.status === 200 && Array.isArray(result.data?.data) ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * The four searches of the landing page, all at once: the newest listings country-wide (the
 * search's default sort) and one count per city (a page of one listing, only `meta.totalItems`
 * is read). Four is the least: the counts are of different areas and the featured listings of none.
 * A failed search leaves its part out; it never fails the page.
 */
export async function loadLandingListings(api: Api): Promise<{ value: LandingListings; complete: boolean }> {
  const [featured, ...counts] = await Promise.all([
    search(api, new URLSearchParams({ perPage: String(FEATURED_COUNT) })),
    ...CITY_SECTION.map((city) =>
      search(api, new URLSearchParams({ bounds: encodeBounds(city.bounds), perPage: '1' })),
    ),
  ]);
  const value: LandingListings = {
    counts: Object.fromEntries(
      CITY_SECTION.map((city, index) => [city.name, counts[index]?.meta.totalItems ?? null]),
    ) as Record<CityName, number | null>,
    featured: featured?.data.slice(0, FEATURED_COUNT) ?? [],
  };
  return { value, complete: featured !== null && counts.every((answer) => answer !== null) };
}

/**
 * The landing page is the most visited document and the same for everybody: its listings are kept
 * for a minute (`ttlMs`) and, once old, still served while one request refreshes them, so a render
 * waits for the searches only on a cold start. A partial answer (a failed search) is shown but not
 * kept, so the next visit asks again. `now` measures durations (not the time of day).
 */
export function createLandingListingsCache(options: { ttlMs?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? (() => performance.now());
  let kept: { at: number; value: LandingListings } | null = null;
  let refreshing: Promise<LandingListings> | null = null;

  function refresh(api: Api): Promise<LandingListings> {
    refreshing ??= loadLandingListings(api)
      .then(({ value, complete }) => {
        if (complete) kept = { at: now(), value };
        return value;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  return function landingListings(api: Api): Promise<LandingListings> {
    if (kept && now() - kept.at < ttlMs) return Promise.resolve(kept.value);
    const fresh = refresh(api);
    return kept ? Promise.resolve(kept.value) : fresh;
  };
}
