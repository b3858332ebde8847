import type { Executor } from '../../db/executor.ts';
import type { ListingCardsReader, ListingImagesReader } from './ports.ts';
import { listingRepository } from './repository.ts';
import { listingCardView } from './views.ts';

/**
 * Cards read in one statement whatever their number, each cover read along with the listing's card
 * columns and made a view by the images reader (`coverViewOf`); a reader that cannot (the tests'
 * in-memory photos) is asked for the covers (`coversOf`) at the same time.
 */
export function createListingCardsReader(
  db: Executor,
  deps: { images: ListingImagesReader; fuzzyLocation: boolean },
): ListingCardsReader {
  const listings = listingRepository(db);
  return {
    async cardsOf(ids) {
      if (ids.length === 0) return [];
      const { images } = deps;
      const [records, covers] = await Promise.all([
        listings.cardsByIds(ids),
        images.coverViewOf ? null : images.coversOf(ids),
      ]);
      const byId = new Map(records.map((record) => [record.id, record]));
      return ids.flatMap((id) => {
        const record = byId.get(id);
        if (!record) return [];
        const cover = covers
          ? (covers.get(id) ?? null)
          : record.cover && (images.coverViewOf?.(record.cover) ?? null);
        return [listingCardView(record, cover, { fuzzy: deps.fuzzyLocation })];
      });
    },
  };
}
