import { PAGE_SIZES } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import type { ListingCardView, PaginationMeta } from '@hora/core/listing';
import type { Executor } from '../../db/executor.ts';
import type { ListingCardsReader } from '../listings/ports.ts';
import { paginationMeta } from '../listings/views.ts';
import { hostListingsRepository } from './repository.ts';

export interface HostListingsDeps {
  db: Executor;
  cards: ListingCardsReader;
}

/**
 * The host section of a public profile (spec part 1 §2 "My host profile (count)"): the person's
 * published listings as the search's cards, newest first, 12 a page. Drafts, listings waiting for
 * approval and closed ones are never shown here, to their owner neither (they have "Your
 * listings"). A banned or deleted person has no profile, so no listings either: not found.
 */
export function hostListingsService({ db, cards }: HostListingsDeps) {
  const repository = hostListingsRepository(db);

  return {
    async page(authorId: string, page: number): Promise<{ data: ListingCardView[]; meta: PaginationMeta }> {
      const perPage = PAGE_SIZES.hostListings;
      // The count (which also says whether the profile is shown) and the page in one round.
      const [total, ids] = await Promise.all([
        repository.publishedCount(authorId),
        repository.publishedPage(authorId, { page, perPage }),
      ]);
      if (total === null) throw new AppError('not-found', { title: 'User not found' });
      return { data: await cards.cardsOf(ids), meta: paginationMeta(page, perPage, total) };
    },
  };
}

export type HostListingsService = ReturnType<typeof hostListingsService>;
