import { redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { requestedPage } from '../manage-listings/manage-page.ts';
import { requireViewer } from '../routing/access.ts';
import { type FavouritesPage, fetchFavourites } from './favourites-api.ts';

export function favListingsPath(page: number): string {
  return page > 1 ? `/favListings?page=${page}` : '/favListings';
}

/**
 * `/favListings` (signed in only): one page of the viewer's favourites. A failed query is a state
 * of the page (its heading says so), not an error page; a page past the last goes to the last.
 */
export async function loadFavListings(
  request: Request,
  context: Pick<WebContext, 'api' | 'viewer'>,
): Promise<{ page: number; result: FavouritesPage | null }> {
  requireViewer(request, context);
  const page = requestedPage(new URL(request.url));
  const result = await fetchFavourites(context.api, page);
  if (result && result.meta.totalPages >= 1 && page > result.meta.totalPages) {
    throw redirect(favListingsPath(result.meta.totalPages));
  }
  return { page, result };
}
