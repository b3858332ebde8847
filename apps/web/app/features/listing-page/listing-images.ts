import type { ImageVariantView, ListingImageView } from '@hora/core/listing';

/** The widest variant of a photo: what social cards and search engines get (its JPEG file). */
export function largestVariant(image: ListingImageView): ImageVariantView {
  const variants = Object.values(image.variants) as ImageVariantView[];
  return variants.reduce((best, variant) => (variant.width > best.width ? variant : best));
}

/** An image URL as the storage answered it (a path of this site or a CDN's URL), made absolute. */
export function absoluteUrl(url: string, publicUrl: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}
