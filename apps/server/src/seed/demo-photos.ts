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
export type SceneLibrary = Map<string, ProcessedListingImage>;

export async function processScenes(scenes: Iterable<string>): Promise<SceneLibrary> {
  const names = [...new Set(scenes)];
  const processed = await Promise.all(
    names.map(async (scene) => processListingImage(await renderScene(scene))),
  );
  return new Map(names.map((scene, index) => [scene, processed[index] as ProcessedListingImage]));
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

interface PendingFile {
  key: string;
  body: Buffer;
  contentType: string;
}

/** The rows of one listing's photos and the files to store for them. */
export function copyScenes(
  library: SceneLibrary,
  listing: { id: string; ownerId: string; scenes: readonly string[] },
): { rows: DemoImageRow[]; files: PendingFile[] } {
  const rows: DemoImageRow[] = [];
  const files: PendingFile[] = [];
  listing.scenes.forEach((scene, position) => {
    const image = library.get(scene);
    if (!image) throw new Error(`The demo photo scene ${scene} was not processed`);
    const id = randomUUID();
    const keyPrefix = listingImagePrefix(listing.id, id);
    for (const file of image.files) {
      files.push({
        key: listingImageKey(keyPrefix, file.variant, file.format),
        body: file.body,
        contentType: file.contentType,
      });
    }
    rows.push({
      id,
      ownerId: listing.ownerId,
      kind: 'listing',
      listingId: listing.id,
      position,
      width: image.width,
      height: image.height,
      keyPrefix,
      formats: [...new Set(image.files.map((file) => file.format))],
    });
  });
  return { rows, files };
}

/** Writes files a few dozen at a time: thousands of small writes, without opening them all at once. */
export async function storeAll(
  storage: ImageStorage,
  files: readonly PendingFile[],
  concurrency = 32,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as PendingFile;
      await storage.put(file.key, file.body, file.contentType);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
