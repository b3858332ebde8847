import { FAVOURITES } from '@hora/core/config';
import type { ListingCardView, PaginationMeta } from '@hora/core/listing';
import type { ApiResult, WebContext } from '../../context.ts';

type Api = WebContext['api'];

/**
 * Which of the listings a page shows the viewer keeps as favourites, for the hearts: one call of
 * `GET /api/favourites/ids` (at most 100 ids, which is more than a page shows), none for visitors.
 * A failed call shows every heart empty rather than failing the page.
 */
export async function favouritedIds(
  api: Api,
  listingIds: readonly string[],
  signedIn: boolean,
): Promise<Set<string>> {
  const ids = [...new Set(listingIds)].slice(0, FAVOURITES.idsQueryMax);
  if (!signedIn || ids.length === 0) return new Set();
  const result = await api<{ data: string[] }>(
    `/api/favourites/ids?listingIds=${ids.map(encodeURIComponent).join(',')}`,
  );
  return result.status === 200 ? new Set(result.data.data) : new Set();
}

/** `PUT` or `DELETE /api/favourites/:listingId` (204 on success). */
export function setFavourite(api: Api, listingId: string, favourited: boolean): Promise<ApiResult<unknown>> {
  return api(`/api/favourites/${encodeURIComponent(listingId)}`, { method: favourited ? 'PUT' : 'DELETE' });
}

export interface FavouritesPage {
  listings: ListingCardView[];
  meta: PaginationMeta;
}

/** `GET /api/favourites?page=N` (24 a page, newest favourite first), or null when the query failed. */
export async function fetchFavourites(api: Api, page: number): Promise<FavouritesPage | null> {
  const result = await api<{ data: ListingCardView[]; meta: PaginationMeta }>(`/api/favourites?page=${page}`);
  if (result.status !== 200) return null;
  return { listings: result.data.data, meta: result.data.meta };
}
