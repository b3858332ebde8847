import type { ImageVariantView, ImageView } from '@hora/core/listing';

/** Which crop: `landscape` (400×267 and 800×533: cards, gallery) or `square` (240 and 480: thumbnails). */
export type ListingImageShape = 'landscape' | 'square';

const VARIANTS = {
  landscape: ['landscape-crop', 'landscape-crop2x'],
  square: ['square-small', 'square-small2x'],
} as const;

function srcSet(variants: readonly ImageVariantView[], format: 'webp' | 'jpeg'): string {
  return variants.map((variant) => `${variant[format]} ${variant.width}w`).join(', ');
}

type VariantOf<Shape extends ListingImageShape> = (typeof VARIANTS)[Shape][number];

/** A photo with at least the variants of `shape` (a card's cover has the landscape ones only). */
export type ImageOfShape<Shape extends ListingImageShape> = ImageView<VariantOf<Shape>>;

/** The two sizes of a shape, smaller first. */
export function listingImageVariants<Shape extends ListingImageShape>(
  image: ImageOfShape<Shape>,
  shape: Shape,
): [ImageVariantView, ImageVariantView] {
  const [one, two] = VARIANTS[shape] as readonly [VariantOf<Shape>, VariantOf<Shape>];
  return [image.variants[one], image.variants[two]];
}

/**
 * A listing photo: WebP for the browsers that take it (all current ones), JPEG for the rest, each
 * at both sizes so the browser picks by the width it shows (`sizes`, the smaller width unless told)
 * and the screen's density. Width and height are given, so nothing jumps while it loads.
 */
export function ListingImage<Shape extends ListingImageShape>(props: {
  image: ImageOfShape<Shape>;
  shape: Shape;
  /** Empty for a photo that only decorates (a card whose title says it all). */
  alt: string;
  sizes?: string;
  loading?: 'lazy' | 'eager';
  className?: string;
}) {
  const { image, shape, alt, loading = 'lazy' } = props;
  const variants = listingImageVariants(image, shape);
  const [one] = variants;
  const sizes = props.sizes ?? `${one.width}px`;
  return (
    <picture className={`listing-image ${props.className ?? ''}`.trim()}>
      <source type="image/webp" srcSet={srcSet(variants, 'webp')} sizes={sizes} />
      <img
        src={one.jpeg}
        srcSet={srcSet(variants, 'jpeg')}
        sizes={sizes}
        width={one.width}
        height={one.height}
        alt={alt}
        loading={loading}
        decoding="async"
      />
    </picture>
  );
}
