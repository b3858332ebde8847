import { LIMITS } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_PIXELS } from './image-input.ts';
import { processAvatar } from './process-avatar.ts';
import { bands, near, pixelAt, pngDeclaring, sampleImage } from './test-images.ts';

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const GREEN = [0, 255, 0];

async function refusal(input: Buffer): Promise<AppError> {
  const error = await processAvatar(input).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('processAvatar', () => {
  it.each(['jpeg', 'png', 'gif'] as const)(
    'accepts a %s and makes the four square WebP variants',
    async (format) => {
      const avatar = await processAvatar(await sampleImage(format, { width: 64, height: 48 }));
      expect(avatar).toMatchObject({ sourceType: `image/${format}`, width: 64, height: 48 });
      const sizes = await Promise.all(
        avatar.variants.map(async ({ variant, size, contentType, body }) => {
          const metadata = await sharp(body).metadata();
          expect(contentType).toBe('image/webp');
          expect(metadata).toMatchObject({ format: 'webp', width: size, height: size });
          return [variant, size];
        }),
      );
      expect(Object.fromEntries(sizes)).toEqual({
        'square-xsmall': 40,
        'square-xsmall2x': 80,
        'square-small': 240,
        'square-small2x': 480,
      });
    },
  );

  it('refuses a text file, whatever it was called', async () => {
    const error = await refusal(Buffer.from('not an image, although the file was called avatar.png'));
    expect(error).toMatchObject({
      code: 'validation-invalid-value',
      status: 400,
      title: 'Unsupported image type',
      meta: { reason: 'unsupported-type' },
    });
  });

  it.each(['webp', 'avif', 'tiff'] as const)(
    'refuses a %s: only JPEG, PNG and GIF are accepted',
    async (format) => {
      const error = await refusal(await sampleImage(format));
      expect(error).toMatchObject({ code: 'validation-invalid-value', meta: { reason: 'unsupported-type' } });
    },
  );

  it('refuses an SVG, which could carry scripts', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await refusal(svg)).toMatchObject({ meta: { reason: 'unsupported-type' } });
  });

  it('refuses more than 20 MB before decoding anything', async () => {
    const jpeg = await sampleImage('jpeg');
    const padded = Buffer.concat([jpeg, Buffer.alloc(LIMITS.imageMaxBytes + 1 - jpeg.length)]);
    const error = await refusal(padded);
    expect(error).toMatchObject({
      code: 'request-upload-over-limit',
      status: 413,
      meta: { maxBytes: 20 * 1024 * 1024 },
    });
  });

  it.each([
    [10_000, 10_000],
    [60_000, 60_000],
  ])('refuses a decompression bomb: a small file declaring a %i×%i canvas', async (width, height) => {
    const bomb = pngDeclaring(width, height);
    expect(bomb.length).toBeLessThan(100_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(width);
    const error = await refusal(bomb);
    expect(error).toMatchObject({
      code: 'validation-invalid-value',
      meta: { reason: 'too-many-pixels', maxPixels: MAX_INPUT_PIXELS },
    });
  });

  it('refuses a JPEG whose data is cut off', async () => {
    const jpeg = await sampleImage('jpeg', { width: 400, height: 400 });
    const error = await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(error.code).toBe('validation-invalid-value');
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored landscape, red above blue; orientation 6 means "rotate 90° clockwise to display", which
    // puts red on the right and blue on the left of a portrait picture.
    const photo = await (await bands(200, 100, '#ff0000', '#0000ff', 'rows'))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const avatar = await processAvatar(photo);
    expect(avatar).toMatchObject({ width: 100, height: 200 });
    const largest = avatar.variants.find((variant) => variant.variant === 'square-small2x')!.body;
    expect(near(await pixelAt(largest, 20, 240), BLUE)).toBe(true);
    expect(near(await pixelAt(largest, 460, 240), RED)).toBe(true);
    expect((await sharp(largest).metadata()).orientation).toBeUndefined();
  });

  it('crops to the centre of the picture', async () => {
    // Green | red | blue, each 100 pixels wide: the centred square is all red.
    const wide = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#00ff00' } })
      .composite([
        {
          input: await sampleImage('png', { width: 100, height: 100, colour: '#ff0000' }),
          left: 100,
          top: 0,
        },
        {
          input: await sampleImage('png', { width: 100, height: 100, colour: '#0000ff' }),
          left: 200,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const avatar = await processAvatar(wide);
    const small = avatar.variants.find((variant) => variant.variant === 'square-small')!.body;
    for (const [x, y] of [
      [5, 5],
      [234, 5],
      [120, 120],
      [5, 234],
      [234, 234],
    ] as const) {
      expect(near(await pixelAt(small, x, y), RED)).toBe(true);
    }
    expect(near(await pixelAt(small, 5, 5), GREEN)).toBe(false);
  });

  it('strips metadata: no EXIF, no location, no comments in the variants', async () => {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-camera-owner', ImageDescription: 'secret-place' } })
      .toBuffer();
    expect(photo.includes('secret-camera-owner')).toBe(true);
    const avatar = await processAvatar(photo);
    for (const { body } of avatar.variants) {
      const metadata = await sharp(body).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(body.includes('secret')).toBe(false);
    }
  });

  it("keeps only an animated GIF's first frame", async () => {
    const frame = (colour: string) => sampleImage('png', { width: 50, height: 50, colour });
    const animated = await sharp([await frame('#ff0000'), await frame('#0000ff')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const avatar = await processAvatar(animated);
    expect(avatar).toMatchObject({ sourceType: 'image/gif', width: 50, height: 50 });
    for (const { body } of avatar.variants) {
      const metadata = await sharp(body).metadata();
      expect(metadata.pages ?? 1).toBe(1);
      expect(near(await pixelAt(body, 20, 20), RED)).toBe(true);
    }
  });

  it('keeps transparency and reads greyscale and 16-bit PNGs', async () => {
    const transparent = await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const [, , , alpha] = await pixelAt((await processAvatar(transparent)).variants[0]!.body, 10, 10);
    expect(alpha).toBe(0);

    const grey16 = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .toColourspace('grey16')
      .png()
      .toBuffer();
    expect((await sharp(grey16).metadata()).depth).toBe('ushort');
    const variant = (await processAvatar(grey16)).variants[3]!;
    expect(await sharp(variant.body).metadata()).toMatchObject({ width: 480, height: 480 });
  });
});
