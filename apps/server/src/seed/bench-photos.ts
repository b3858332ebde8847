import { CATEGORIES } from '@hora/core/config';
import type { ImageStorage } from '../adapters/storage/index.ts';
import { type ListingImageFormat, listingImageKey, listingImagePrefix } from '../modules/images/index.ts';
import { processedScenes, processScenes, storeAll } from './demo-photos.ts';
import { categoryScenes, SHARED_SCENES } from './photo-scenes.ts';

/**
 * The photos of the benchmark's listings: one cover per category and three shared views, each put
 * through the upload pipeline once and stored once. Rows of a hundred thousand listings point at
 * these few prefixes, so the pages serve real files without storing millions of them. (Deleting a
 * bench photo through the API would remove the shared files: this is a benchmark fixture only.)
 */
export interface SharedPhotos {
  /** Key prefix of each category's cover, in CATEGORIES order. */
  covers: string[];
  extras: string[];
  width: number;
  height: number;
  formats: ListingImageFormat[];
}

/** Fixed ids, so that every fill of every database points at the same files. */
const BENCH_PHOTOS_LISTING = 'b0000000-0000-4000-8000-000000000000';
const photoId = (index: number) => `b0000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
const EXTRA_SCENES = SHARED_SCENES.slice(0, 3);

export async function storeSharedPhotos(storage: ImageStorage): Promise<SharedPhotos> {
  const scenes = [...CATEGORIES.map((category) => categoryScenes(category)[0] as string), ...EXTRA_SCENES];
  const library = await processedScenes(processScenes(scenes));
  const prefixes = scenes.map((_, index) => listingImagePrefix(BENCH_PHOTOS_LISTING, photoId(index + 1)));
  const files = scenes.flatMap((scene, index) =>
    (library.get(scene)?.files ?? []).map((file) => ({
      key: listingImageKey(prefixes[index] as string, file.variant, file.format),
      body: file.body,
      contentType: file.contentType,
    })),
  );
  await storeAll(storage, files);
  const first = library.get(scenes[0] as string);
  if (!first) throw new Error('No bench photo was processed');
  return {
    covers: prefixes.slice(0, CATEGORIES.length),
    extras: prefixes.slice(CATEGORIES.length),
    width: first.width,
    height: first.height,
    formats: [...new Set(first.files.map((file) => file.format))],
  };
}
