import type { Executor } from '../../db/executor.ts';
import type { ListingCardsReader, ListingImagesReader } from './ports.ts';
import { listingRepository } from './repository.ts';
import { listingCardView } from './views.ts';

/** Cards read in two statements whatever their number: the listings, and their covers. */
export function createListingCardsReader(
  db: Executor,
  deps: { images: ListingImagesReader; fuzzyLocation: boolean },
): ListingCardsReader {
  const listings = listingRepository(db);
  return {
    async cardsOf(ids) {
      if (ids.length === 0) return [];
      const [records, covers] = await Promise.all([listings.findByIds(ids), deps.images.coversOf(ids)]);
      const byId = new Map(records.map((record) => [record.id, record]));
      return ids.flatMap((id) => {
        const record = byId.get(id);
        if (!record) return [];
        return [listingCardView(record, covers.get(id) ?? null, { fuzzy: deps.fuzzyLocation })];
      });
    },
  };
}
