import { LIMITS } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AVATAR_VARIANT_SIZES, AVATAR_VARIANTS, type AvatarVariant } from './avatar-variants.ts';

/**
 * Decoded pixels allowed in one upload: enough for a 48-megapixel phone photo (8000×6000). A small
 * file can declare a huge canvas (a decompression bomb); this bounds the memory a decode may take.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

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

export function uploadOverLimit(): AppError {
  return new AppError('request-upload-over-limit', { meta: { maxBytes: LIMITS.imageMaxBytes } });
}

function unsupportedType(cause?: unknown): AppError {
  return new AppError('validation-invalid-value', {
    title: 'Unsupported image type',
    meta: { reason: 'unsupported-type', accepted: LIMITS.imageTypes },
    cause,
  });
}

async function readMetadata(buffer: Buffer): Promise<Metadata> {
  try {
    // Reads the header only, so no pixel limit yet: a huge canvas is refused below, with its reason.
    return await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch (error) {
    // Not an image sharp can read: a text file named .png, a truncated header, ...
    throw unsupportedType(error);
  }
}

/**
 * Checks an uploaded avatar by its content (not its name or declared type) and re-encodes it into
 * the square WebP variants: upright by EXIF orientation, metadata stripped, a GIF's first frame,
 * cropped to the centre.
 */
export async function processAvatar(buffer: Buffer): Promise<ProcessedAvatar> {
  if (buffer.length > LIMITS.imageMaxBytes) throw uploadOverLimit();

  const metadata = await readMetadata(buffer);
  const sourceType = `image/${metadata.format}`;
  if (!(LIMITS.imageTypes as readonly string[]).includes(sourceType)) throw unsupportedType();
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError('validation-invalid-value', {
      title: 'Image has too many pixels',
      meta: { reason: 'too-many-pixels', maxPixels: MAX_INPUT_PIXELS },
    });
  }

  let largest: { data: Buffer; info: OutputInfo };
  try {
    // Decode once into the largest square; the smaller variants are scaled down from it. Without
    // `keepMetadata`, sharp writes no EXIF, ICC or XMP: location and camera data are dropped.
    largest = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
      .resize(LARGEST_SIDE, LARGEST_SIDE, { fit: 'cover', position: 'centre' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new AppError('validation-invalid-value', {
      title: 'Unreadable image',
      meta: { reason: 'unreadable' },
      cause: error,
    });
  }
  const { data, info } = largest;
  const raw = { width: info.width, height: info.height, channels: info.channels };

  const variants = await Promise.all(
    AVATAR_VARIANTS.map(async (variant): Promise<AvatarVariantImage> => {
      const size = AVATAR_VARIANT_SIZES[variant];
      const body = await sharp(data, { raw }).resize(size, size).webp({ quality: 82 }).toBuffer();
      return { variant, size, contentType: 'image/webp', body };
    }),
  );
  return { sourceType, width, height, variants };
}
