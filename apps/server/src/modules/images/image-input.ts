import { LIMITS } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import sharp, { type Metadata, type OutputInfo, type ResizeOptions } from 'sharp';

/**
 * Decoded pixels allowed in one upload: enough for a 48-megapixel phone photo (8000×6000). A small
 * file can declare a huge canvas (a decompression bomb); this bounds the memory a decode may take.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export function uploadOverLimit(): AppError {
  return new AppError('request-upload-over-limit', { meta: { maxBytes: LIMITS.imageMaxBytes } });
}

function unsupportedType(accepted: readonly string[], cause?: unknown): AppError {
  return new AppError('validation-invalid-value', {
    title: 'Unsupported image type',
    meta: { reason: 'unsupported-type', accepted },
    cause,
  });
}

/**
 * HEIC/HEIF photos (iPhones' default) come in the ISO-BMFF container with these brands. sharp's
 * prebuilt libvips reads AVIF from that container but ships no HEVC decoder, so these cannot be
 * decoded: the refusal names them, so the person can be told how to send a JPEG instead.
 */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

/** The brands of an ISO-BMFF `ftyp` box at the start of the file (major first), or none. */
function containerBrands(buffer: Buffer): string[] {
  if (buffer.length < 16 || buffer.toString('latin1', 4, 8) !== 'ftyp') return [];
  const end = Math.min(buffer.readUInt32BE(0), buffer.length, 256);
  const brands = [buffer.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4)
    brands.push(buffer.toString('latin1', offset, offset + 4));
  return brands;
}

function isHeic(buffer: Buffer): boolean {
  const brands = containerBrands(buffer);
  return brands[0] !== 'avif' && brands.some((brand) => HEVC_BRANDS.has(brand));
}

async function readMetadata(buffer: Buffer, accepted: readonly string[]): Promise<Metadata> {
  try {
    // Reads the header only, so no pixel limit yet: a huge canvas is refused below, with its reason.
    return await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch (error) {
    // Not an image sharp can read: a text file named .png, a truncated header, ...
    throw unsupportedType(accepted, error);
  }
}

export interface AcceptedImage {
  /** The input type, read from the content (never from the name or the declared type). */
  sourceType: string;
  /** Width and height once turned upright by the EXIF orientation. */
  width: number;
  height: number;
}

/**
 * Checks an upload before decoding it: its size, its type by content (`accepted`: MIME types), and
 * the pixels its header declares. Refusals are AppErrors with a `meta.reason` the web app translates:
 * `unsupported-type`, `heic-unsupported`, `too-many-pixels`.
 */
export async function acceptImage(buffer: Buffer, accepted: readonly string[]): Promise<AcceptedImage> {
  if (buffer.length > LIMITS.imageMaxBytes) throw uploadOverLimit();
  if (isHeic(buffer)) {
    throw new AppError('validation-invalid-value', {
      title: 'HEIC photos are not supported: send a JPEG',
      meta: { reason: 'heic-unsupported', accepted },
    });
  }
  const metadata = await readMetadata(buffer, accepted);
  const sourceType = `image/${metadata.format}`;
  if (!accepted.includes(sourceType)) throw unsupportedType(accepted);
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError('validation-invalid-value', {
      title: 'Image has too many pixels',
      meta: { reason: 'too-many-pixels', maxPixels: MAX_INPUT_PIXELS },
    });
  }
  return { sourceType, width, height };
}

export interface RawImage {
  data: Buffer;
  info: OutputInfo;
}

/**
 * Decodes an accepted upload once: upright by its EXIF orientation, the first frame of an animation,
 * in sRGB, resized as asked, as raw pixels that every variant is then cut from. Nothing of the
 * input's metadata survives raw pixels: EXIF (location included), ICC, XMP and comments are gone.
 */
export async function decodeUpright(buffer: Buffer, resize: ResizeOptions): Promise<RawImage> {
  try {
    return await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
      .resize(resize)
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
}

/** A sharp pipeline over raw pixels made by `decodeUpright`. */
export function fromRaw({ data, info }: RawImage) {
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}
