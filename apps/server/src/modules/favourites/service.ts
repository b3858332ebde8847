import { FAVOURITES } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import type { ListingCardView, PaginationMeta } from '@hora/core/listing';
import type { Database } from '../../db/client.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ListingCardsReader } from '../listings/ports.ts';
import { paginationMeta } from '../listings/views.ts';
import { FAVOURABLE_STATES, favouriteRepository } from './repository.ts';

export interface FavouritesServiceDeps {
  db: Database;
  cards: ListingCardsReader;
}

/**
 * Favourite listings (issue 10). A listing can be favourited while everyone may see it (published
 * or closed), the owner's own included; the list shows only those still visible, so a listing
 * turned back into a draft disappears from it and comes back if published again.
 */
export function favouritesService({ db, cards }: FavouritesServiceDeps) {
  const favourites = favouriteRepository(db);

  return {
    async add(viewer: Viewer, listingId: string): Promise<void> {
      const state = await favourites.listingState(listingId);
      if (!(FAVOURABLE_STATES as readonly (string | null)[]).includes(state)) {
        // Someone else's draft is not admitted to exist, as on its page.
        throw new AppError('not-found', { title: 'Listing not found' });
      }
      const outcome = await favourites.add(viewer.id, listingId, FAVOURITES.max);
      if (outcome === 'full') {
        throw new AppError('favourites-limit-reached', {
          title: `A person keeps at most ${FAVOURITES.max} favourites`,
          meta: { max: FAVOURITES.max },
        });
      }
    },

    async remove(viewer: Viewer, listingId: string): Promise<void> {
      await favourites.remove(viewer.id, listingId);
    },

    async page(viewer: Viewer, page: number): Promise<{ data: ListingCardView[]; meta: PaginationMeta }> {
      const perPage = FAVOURITES.perPage;
      const { ids, total } = await favourites.page(viewer.id, { page, perPage });
      return { data: await cards.cardsOf(ids), meta: paginationMeta(page, perPage, total) };
    },

    async among(viewer: Viewer, listingIds: readonly string[]): Promise<string[]> {
      return favourites.among(viewer.id, [...new Set(listingIds)]);
    },
  };
}

export type FavouritesService = ReturnType<typeof favouritesService>;
