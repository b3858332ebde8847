import { randomUUID } from 'node:crypto';
import type { ImageStorage } from '../adapters/storage/index.ts';
import {
  type ListingImageFormat,
  listingImageKey,
  listingImagePrefix,
  type ProcessedListingImage,
  processListingImage,
} from '../modules/images/index.ts';
import { renderScene } from './photo-scenes.ts';

/**
 * The demo photos go through the same pipeline as a host's upload (content check, crops, WebP and
 * JPEG), once per scene; every listing showing a scene then gets its own copy of the files under
 * its own keys, as if uploaded, so deleting one listing's photo never touches another's.
 */
export type SceneLibrary = Map<string, Promise<ProcessedListingImage>>;

/** Starts processing each scene once; each entry settles when its scene is ready. */
export function processScenes(scenes: Iterable<string>): SceneLibrary {
  const library: SceneLibrary = new Map();
  for (const scene of new Set(scenes)) {
    const processed = renderScene(scene).then(processListingImage);
    // Awaited later, by the copies of this scene: not an unhandled rejection in the meantime.
    processed.catch(() => {});
    library.set(scene, processed);
  }
  return library;
}

/** Resolves every scene: what the bench fixture, which stores each scene once, needs. */
export async function processedScenes(library: SceneLibrary): Promise<Map<string, ProcessedListingImage>> {
  const entries = await Promise.all(
    [...library].map(async ([scene, image]) => [scene, await image] as const),
  );
  return new Map(entries);
}

export interface DemoImageRow {
  id: string;
  ownerId: string;
  kind: 'listing';
  listingId: string;
  position: number;
  width: number;
  height: number;
  keyPrefix: string;
  formats: ListingImageFormat[];
}

export interface PendingFile {
  key: string;
  body: Buffer;
  contentType: string;
}

/** At most `concurrency` tasks at once, whoever asks: thousands of small writes, not all opened together. */
function limiter(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * Writes every file; when one fails, waits for the others to end before throwing, so the caller's
 * clean-up runs after the last write.
 */
export async function storeAll(
  storage: ImageStorage,
  files: readonly PendingFile[],
  slot = limiter(32),
): Promise<void> {
  const writes = await Promise.allSettled(
    files.map((file) => slot(() => storage.put(file.key, file.body, file.contentType))),
  );
  const failed = writes.find((write) => write.status === 'rejected');
  if (failed) throw failed.reason;
}

interface ListingPhotos {
  id: string;
  ownerId: string;
  scenes: readonly string[];
}

/**
 * Stores each listing's photos as copies of its scenes, writing a scene's copies as soon as that
 * scene is processed (while the others still are), and returns the image rows, in listing order.
 */
export async function storeListingPhotos(
  storage: ImageStorage,
  library: SceneLibrary,
  listings: readonly ListingPhotos[],
): Promise<DemoImageRow[]> {
  const photos = listings.flatMap((listing) =>
    listing.scenes.map((scene, position) => {
      const id = randomUUID();
      return { id, scene, position, listing, keyPrefix: listingImagePrefix(listing.id, id) };
    }),
  );
  const slot = limiter(32);
  const rows = new Map<string, DemoImageRow>();
  const copies = await Promise.allSettled(
    [...library].map(async ([scene, processing]) => {
      const image = await processing;
      const ofScene = photos.filter((photo) => photo.scene === scene);
      const files = ofScene.flatMap((photo) =>
        image.files.map((file) => ({
          key: listingImageKey(photo.keyPrefix, file.variant, file.format),
          body: file.body,
          contentType: file.contentType,
        })),
      );
      await storeAll(storage, files, slot);
      for (const photo of ofScene) {
        rows.set(photo.id, {
          id: photo.id,
          ownerId: photo.listing.ownerId,
          kind: 'listing',
          listingId: photo.listing.id,
          position: photo.position,
          width: image.width,
          height: image.height,
          keyPrefix: photo.keyPrefix,
          formats: [...new Set(image.files.map((file) => file.format))],
        });
      }
    }),
  );
  const failed = copies.find((copy) => copy.status === 'rejected');
  if (failed) throw failed.reason;
  return photos.map((photo) => {
    const row = rows.get(photo.id);
    if (!row) throw new Error(`The demo photo scene ${photo.scene} was not processed`);
    return row;
  });
}
