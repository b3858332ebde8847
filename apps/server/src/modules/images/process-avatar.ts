import { LIMITS } from '@hora/core/config';
import { AVATAR_VARIANT_SIZES, AVATAR_VARIANTS, type AvatarVariant } from './avatar-variants.ts';
import { acceptImage, decodeUpright, fromRaw } from './image-input.ts';
import { inImageProcessingSlot } from './processing-slots.ts';

const LARGEST_SIDE = Math.max(...Object.values(AVATAR_VARIANT_SIZES));

export interface AvatarVariantImage {
  variant: AvatarVariant;
  /** Width and height: the variants are squares. */
  size: number;
  contentType: 'image/webp';
  body: Buffer;
}

export interface ProcessedAvatar {
  /** The accepted input type, read from the content. */
  sourceType: string;
  /** Width and height of the upload once turned upright by its EXIF orientation. */
  width: number;
  height: number;
  variants: AvatarVariantImage[];
}

/**
 * Checks an uploaded avatar by its content (not its name or declared type) and re-encodes it into
 * the square WebP variants: upright by EXIF orientation, metadata stripped, a GIF's first frame,
 * cropped to the centre.
 */
export async function processAvatar(buffer: Buffer): Promise<ProcessedAvatar> {
  const { sourceType, width, height } = await acceptImage(buffer, LIMITS.imageTypes);
  const variants = await inImageProcessingSlot(async () => {
    // Decode once into the largest square; the smaller variants are scaled down from it.
    const largest = await decodeUpright(buffer, {
      width: LARGEST_SIDE,
      height: LARGEST_SIDE,
      fit: 'cover',
      position: 'centre',
    });
    return Promise.all(
      AVATAR_VARIANTS.map(async (variant): Promise<AvatarVariantImage> => {
        const size = AVATAR_VARIANT_SIZES[variant];
        const body = await fromRaw(largest).resize(size, size).webp({ quality: 82 }).toBuffer();
        return { variant, size, contentType: 'image/webp', body };
      }),
    );
  });
  return { sourceType, width, height, variants };
}
