import { AppError } from '@hora/core/errors';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_PIXELS } from './image-input.ts';
import { processListingImage } from './process-listing-image.ts';
import {
  bands,
  hasGpsDirectory,
  heicLike,
  LOCATION_MARKER,
  near,
  photoWithLocation,
  pixelAt,
  pngDeclaring,
  sampleImage,
} from './test-images.ts';

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];

async function refusal(input: Buffer): Promise<AppError> {
  const error = await processListingImage(input).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const file = (image: Awaited<ReturnType<typeof processListingImage>>, variant: string, format: string) =>
  image.files.find((candidate) => candidate.variant === variant && candidate.format === format)!.body;

describe('processListingImage', () => {
  it.each(['jpeg', 'png', 'gif', 'webp'] as const)(
    'accepts a %s and makes every crop in WebP and JPEG',
    async (format) => {
      const image = await processListingImage(await sampleImage(format, { width: 1200, height: 900 }));
      expect(image).toMatchObject({ sourceType: `image/${format}`, width: 1200, height: 900 });
      const made = await Promise.all(
        image.files.map(async ({ variant, format: output, contentType, body }) => {
          const metadata = await sharp(body).metadata();
          expect(contentType).toBe(`image/${output}`);
          expect(metadata.format).toBe(output);
          return `${variant}.${output} ${metadata.width}×${metadata.height}`;
        }),
      );
      expect(made.sort()).toEqual([
        'landscape-crop.jpeg 400×267',
        'landscape-crop.webp 400×267',
        'landscape-crop2x.jpeg 800×533',
        'landscape-crop2x.webp 800×533',
        'square-small.jpeg 240×240',
        'square-small.webp 240×240',
        'square-small2x.jpeg 480×480',
        'square-small2x.webp 480×480',
      ]);
    },
  );

  it('fills every crop even from a small photo', async () => {
    const image = await processListingImage(await sampleImage('png', { width: 100, height: 50 }));
    expect(await sharp(file(image, 'landscape-crop2x', 'webp')).metadata()).toMatchObject({
      width: 800,
      height: 533,
    });
  });

  it.each([
    [
      'a text file, whatever it was called',
      Buffer.from('not a photo, although it was called salon.jpg'),
      'unsupported-type',
    ],
    [
      'an SVG, which could carry scripts',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      'unsupported-type',
    ],
  ])('refuses %s', async (_name, input, reason) => {
    expect(await refusal(input)).toMatchObject({
      code: 'validation-invalid-value',
      status: 400,
      meta: { reason },
    });
  });

  it.each(['avif', 'tiff'] as const)('refuses a %s', async (format) => {
    expect(await refusal(await sampleImage(format))).toMatchObject({ meta: { reason: 'unsupported-type' } });
  });

  it('refuses a HEIC photo by name, since it cannot be decoded here', async () => {
    expect(await refusal(await heicLike())).toMatchObject({
      code: 'validation-invalid-value',
      meta: { reason: 'heic-unsupported' },
    });
  });

  it('refuses a decompression bomb: a small PNG declaring 20000×20000 pixels', async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await refusal(bomb)).toMatchObject({
      meta: { reason: 'too-many-pixels', maxPixels: MAX_INPUT_PIXELS },
    });
  });

  it('refuses a JPEG whose data is cut off', async () => {
    const jpeg = await sampleImage('jpeg', { width: 800, height: 600 });
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toMatchObject({
      meta: { reason: 'unreadable' },
    });
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored landscape, red above blue; orientation 6 ("rotate 90° clockwise to display") makes it a
    // portrait with red on the right and blue on the left.
    const photo = await (await bands(600, 300, '#ff0000', '#0000ff', 'rows'))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await processListingImage(photo);
    expect(image).toMatchObject({ width: 300, height: 600 });
    for (const format of ['webp', 'jpeg']) {
      const square = file(image, 'square-small2x', format);
      expect(near(await pixelAt(square, 20, 240), BLUE), format).toBe(true);
      expect(near(await pixelAt(square, 460, 240), RED), format).toBe(true);
      expect((await sharp(square).metadata()).orientation).toBeUndefined();
    }
  });

  it('drops every metadata block, the location first of all', async () => {
    const photo = await photoWithLocation();
    const original = await sharp(photo).metadata();
    expect(hasGpsDirectory(original.exif)).toBe(true);
    expect(photo.includes(LOCATION_MARKER)).toBe(true);

    const image = await processListingImage(photo);
    expect(image.files).toHaveLength(8);
    for (const { variant, format, body } of image.files) {
      const metadata = await sharp(body).metadata();
      expect(metadata.exif, `${variant}.${format}`).toBeUndefined();
      expect(metadata.xmp, `${variant}.${format}`).toBeUndefined();
      expect(metadata.icc, `${variant}.${format}`).toBeUndefined();
      expect(body.includes(LOCATION_MARKER)).toBe(false);
      expect(body.includes('HoraPhone')).toBe(false);
    }
  });

  it('turns transparency white in the JPEGs and keeps it in the WebPs', async () => {
    const transparent = await sharp({
      create: { width: 900, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const image = await processListingImage(transparent);
    expect(near(await pixelAt(file(image, 'landscape-crop', 'jpeg'), 10, 10), WHITE)).toBe(true);
    expect((await pixelAt(file(image, 'landscape-crop', 'webp'), 10, 10))[3]).toBe(0);
  });
});
