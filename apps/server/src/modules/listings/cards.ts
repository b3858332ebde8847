import type { ListingCardView } from '@hora/core/listing';
import type { Executor } from '../../db/executor.ts';
import type { ListingCardsReader, ListingImagesReader } from './ports.ts';
import { listingRepository } from './repository.ts';
import { listingCardView } from './views.ts';

/**
 * Cards read in one statement whatever their number, the covers along with the listings' card
 * columns, when the images reader can make a cover's view from its row (`coverViewOf`); else in two,
 * the listings and their covers.
 */
export function createListingCardsReader(
  db: Executor,
  deps: { images: ListingImagesReader; fuzzyLocation: boolean },
): ListingCardsReader {
  const listings = listingRepository(db);
  return {
    async cardsOf(ids) {
      if (ids.length === 0) return [];
      const options = { fuzzy: deps.fuzzyLocation };
      const inOrder = <R extends { id: string }>(records: R[], card: (record: R) => ListingCardView) => {
        const byId = new Map(records.map((record) => [record.id, record]));
        return ids.flatMap((id) => {
          const record = byId.get(id);
          return record ? [card(record)] : [];
        });
      };
      const { images } = deps;
      if (images.coverViewOf) {
        return inOrder(await listings.cardsWithCoversByIds(ids), (record) =>
          listingCardView(record, record.cover && (images.coverViewOf?.(record.cover) ?? null), options),
        );
      }
      const [records, covers] = await Promise.all([listings.cardsByIds(ids), images.coversOf(ids)]);
      return inOrder(records, (record) => listingCardView(record, covers.get(record.id) ?? null, options));
    },
  };
}
