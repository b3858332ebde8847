import { randomUUID } from 'node:crypto';
import { LIMITS } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import { CARD_IMAGE_VARIANTS, type CardImageView, type ListingImageView } from '@hora/core/listing';
import type { ImageStorage } from '../../adapters/storage/index.ts';
import { type Executor, withTransaction } from '../../db/executor.ts';
import {
  LISTING_IMAGE_FORMAT_NAMES,
  type ListingImageRow,
  listingImageKey,
  listingImagePrefix,
  listingImageView,
} from './listing-image-variants.ts';
import {
  appendListingImage,
  countListingImages,
  deleteListingImage,
  findListingAuthor,
  findListingCovers,
  findListingImages,
  lockListingAuthor,
  setListingImageOrder,
} from './listing-images-repository.ts';
import { processListingImage } from './process-listing-image.ts';
import { storeFiles } from './store-files.ts';

export interface ListingImagesDeps {
  db: Executor;
  storage: ImageStorage;
}

/** Told about files that could not be removed (the change is made all the same). */
export interface WarningLog {
  warn(details: object, message: string): void;
}

/** Only the listing's author changes its photos: 404 for no such listing, 403 for anybody else. */
function assertAuthor(authorId: string | null, viewerId: string): void {
  if (authorId === null) throw new AppError('not-found', { title: 'Listing not found' });
  if (authorId !== viewerId) throw new AppError('forbidden', { title: 'Only the author edits a listing' });
}

function assertRoomForOneMore(images: number): void {
  if (images >= LIMITS.listingImagesMax) {
    throw new AppError('listing-images-over-limit', { meta: { max: LIMITS.listingImagesMax } });
  }
}

/**
 * The photos of a listing (spec part 1 §2 photos tab, part 2 §7 image upload, remove, reorder). The
 * photo at position 0 is the cover. Every change locks the listing's row first, so parallel uploads
 * get consecutive positions and cannot pass the limit together.
 */
export function listingImagesService({ db, storage }: ListingImagesDeps) {
  const view = (row: Parameters<typeof listingImageView>[0]) => listingImageView(row, storage);

  /** The cheap checks, made before the upload is read and decoded (and again under the lock). */
  async function assertCanAdd(viewerId: string, listingId: string): Promise<void> {
    assertAuthor(await findListingAuthor(db, listingId), viewerId);
    assertRoomForOneMore(await countListingImages(db, listingId));
  }

  return {
    assertCanAdd,

    /**
     * Adds one photo after the others: check and re-encode it, store its files (undo: remove them),
     * then record it under the listing's lock (undo: remove the files). A refusal at any step leaves
     * no row and no file.
     */
    async add(input: { viewerId: string; listingId: string; file: Buffer }): Promise<ListingImageView> {
      const { viewerId, listingId, file } = input;
      await assertCanAdd(viewerId, listingId);
      const processed = await processListingImage(file);
      const id = randomUUID();
      const keyPrefix = listingImagePrefix(listingId, id);
      try {
        await storeFiles(
          storage,
          processed.files.map(({ variant, format, body, contentType }) => ({
            key: listingImageKey(keyPrefix, variant, format),
            body,
            contentType,
          })),
        );
        const record = await withTransaction(db, async (tx) => {
          assertAuthor(await lockListingAuthor(tx, listingId), viewerId);
          assertRoomForOneMore(await countListingImages(tx, listingId));
          return appendListingImage(tx, {
            id,
            ownerId: viewerId,
            listingId,
            width: processed.width,
            height: processed.height,
            keyPrefix,
            formats: LISTING_IMAGE_FORMAT_NAMES,
          });
        });
        return view(record);
      } catch (error) {
        await storage.removePrefix(keyPrefix).catch(() => undefined);
        throw error;
      }
    },

    /** Removes one photo; answers the listing's remaining photos in order. */
    async remove(input: {
      viewerId: string;
      listingId: string;
      imageId: string;
      log?: WarningLog;
    }): Promise<ListingImageView[]> {
      const { viewerId, listingId, imageId, log } = input;
      const { keyPrefix, remaining } = await withTransaction(db, async (tx) => {
        assertAuthor(await lockListingAuthor(tx, listingId), viewerId);
        const removed = await deleteListingImage(tx, listingId, imageId);
        if (removed === null) throw new AppError('not-found', { title: 'Image not found' });
        return { keyPrefix: removed, remaining: await findListingImages(tx, [listingId]) };
      });
      // After the commit: a file that cannot be removed is only wasted space, never a broken photo.
      await storage.removePrefix(keyPrefix).catch((error: unknown) => {
        log?.warn({ err: error, imageId }, 'removed listing image files not deleted');
      });
      return remaining.map(view);
    },

    /** Puts the photos in the given order (cover first); `imageIds` must be exactly the listing's. */
    async reorder(input: {
      viewerId: string;
      listingId: string;
      imageIds: readonly string[];
    }): Promise<ListingImageView[]> {
      const { viewerId, listingId, imageIds } = input;
      const ordered = await withTransaction(db, async (tx) => {
        assertAuthor(await lockListingAuthor(tx, listingId), viewerId);
        const current = new Set((await findListingImages(tx, [listingId])).map((image) => image.id));
        const wanted = new Set(imageIds);
        if (
          wanted.size !== imageIds.length ||
          wanted.size !== current.size ||
          ![...wanted].every((id) => current.has(id))
        ) {
          throw new AppError('validation-invalid-value', {
            title: 'imageIds must name every image of the listing once',
            meta: { reason: 'image-set-mismatch', field: 'imageIds' },
          });
        }
        await setListingImageOrder(tx, listingId, imageIds);
        return findListingImages(tx, [listingId]);
      });
      return ordered.map(view);
    },
  };
}

export type ListingImagesService = ReturnType<typeof listingImagesService>;

/** What the listings module reads: each listing's photos, in order, cover first. */
export interface ListingImagesReader {
  imagesOf(listingIds: string[]): Promise<Map<string, ListingImageView[]>>;
  /** Each listing's cover in a card's variants; listings without photos are left out. */
  coversOf(listingIds: readonly string[]): Promise<Map<string, CardImageView>>;
  /** The views of photo rows another read took (`listingImageRowsColumn`), as `imagesOf` makes them. */
  viewsOf?(rows: readonly ListingImageRow[]): ListingImageView[];
  /** A card's cover from the row another read took (`listingCoverColumn`), as `coversOf` makes it. */
  coverViewOf?(row: ListingImageRow): CardImageView;
}

export function createListingImagesReader(
  db: Executor,
  storage: Pick<ImageStorage, 'url'>,
): ListingImagesReader {
  return {
    async imagesOf(listingIds) {
      const byListing = new Map<string, ListingImageView[]>(listingIds.map((id) => [id, []]));
      for (const record of await findListingImages(db, listingIds)) {
        byListing.get(record.listingId)?.push(listingImageView(record, storage));
      }
      return byListing;
    },

    async coversOf(listingIds) {
      const covers = await findListingCovers(db, listingIds);
      return new Map(
        covers.map((record) => [record.listingId, listingImageView(record, storage, CARD_IMAGE_VARIANTS)]),
      );
    },

    viewsOf(rows) {
      return rows.map((row) => listingImageView(row, storage));
    },

    coverViewOf(row) {
      return listingImageView(row, storage, CARD_IMAGE_VARIANTS);
    },
  };
}
