import type { ListingImageView } from '@hora/core/listing';

/*
 * The one place this feature draws a listing photo. PENDING (f9-images): the shared `<picture>`
 * component of app/components/ui/ replaces the body of this file once that branch is merged; the
 * pages below only ever import `ListingPhoto`.
 */

type Family = 'landscape' | 'square';

const VARIANTS = {
  landscape: ['landscape-crop', 'landscape-crop2x'],
  square: ['square-small', 'square-small2x'],
} as const;

/** A photo in WebP with a JPEG fallback, in the widths `sizes` lets the browser choose from. */
export function ListingPhoto(props: {
  image: ListingImageView;
  family: Family;
  sizes: string;
  alt: string;
  className?: string;
  /** The first photo a visitor sees is the page's largest paint: fetched first, never lazily. */
  priority?: boolean;
}) {
  const [small, large] = VARIANTS[props.family].map((name) => props.image.variants[name]);
  if (!small || !large) return null;
  const srcSet = (format: 'webp' | 'jpeg') =>
    `${small[format]} ${small.width}w, ${large[format]} ${large.width}w`;
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet('webp')} sizes={props.sizes} />
      <img
        className={props.className}
        src={small.jpeg}
        srcSet={srcSet('jpeg')}
        sizes={props.sizes}
        width={small.width}
        height={small.height}
        alt={props.alt}
        loading={props.priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(props.priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
