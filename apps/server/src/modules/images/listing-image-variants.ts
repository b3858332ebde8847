import {
  type ImageVariantView,
  type ImageView,
  LISTING_IMAGE_VARIANTS,
  type ListingImageVariantName,
  type ListingImageView,
} from '@hora/core/listing';
import type { ImageStorage } from '../../adapters/storage/index.ts';

export const LISTING_IMAGE_VARIANT_NAMES = Object.keys(LISTING_IMAGE_VARIANTS) as ListingImageVariantName[];

/**
 * Every variant is written in each of these: WebP for every current browser, JPEG for the rest and
 * for `og:image` (social networks do not all read WebP). AVIF was measured and left out (see
 * process-listing-image.ts).
 */
export const LISTING_IMAGE_FORMATS = {
  webp: { extension: 'webp', contentType: 'image/webp' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
} as const;
export type ListingImageFormat = keyof typeof LISTING_IMAGE_FORMATS;
export const LISTING_IMAGE_FORMAT_NAMES = Object.keys(LISTING_IMAGE_FORMATS) as ListingImageFormat[];

/** One listing's photos share a prefix (`listings/<listingId>/`), each photo one below it. */
export function listingImagesPrefix(listingId: string): string {
  return `listings/${listingId}/`;
}

export function listingImagePrefix(listingId: string, imageId: string): string {
  return `${listingImagesPrefix(listingId)}${imageId}/`;
}

export function listingImageKey(
  keyPrefix: string,
  variant: ListingImageVariantName,
  format: ListingImageFormat,
): string {
  return `${keyPrefix}${variant}.${LISTING_IMAGE_FORMATS[format].extension}`;
}

/** What a listing photo row holds that its view needs. */
export interface ListingImageRow {
  id: string;
  width: number;
  height: number;
  keyPrefix: string;
}

/**
 * The API's view of a photo: URLs made now, by the storage in use, from the row's key prefix; every
 * variant's, or those named (a card's).
 */
export function listingImageView(row: ListingImageRow, storage: Pick<ImageStorage, 'url'>): ListingImageView;
export function listingImageView<Name extends ListingImageVariantName>(
  row: ListingImageRow,
  storage: Pick<ImageStorage, 'url'>,
  names: readonly Name[],
): ImageView<Name>;
export function listingImageView(
  row: ListingImageRow,
  storage: Pick<ImageStorage, 'url'>,
  names: readonly ListingImageVariantName[] = LISTING_IMAGE_VARIANT_NAMES,
): ImageView {
  const variant = (name: ListingImageVariantName): ImageVariantView => ({
    ...LISTING_IMAGE_VARIANTS[name],
    webp: storage.url(listingImageKey(row.keyPrefix, name, 'webp')),
    jpeg: storage.url(listingImageKey(row.keyPrefix, name, 'jpeg')),
  });
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    variants: Object.fromEntries(names.map((name) => [name, variant(name)])) as ImageView['variants'],
  };
}
