import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ListingImageView } from '@hora/core/listing';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, signUp, type TestUser } from '../../../test/accounts.ts';
import { buildTestApp, fakeCaptcha } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { images, listings } from '../../db/schema/index.ts';
import {
  hasGpsDirectory,
  LOCATION_MARKER,
  photoWithLocation,
  pngDeclaring,
  sampleImage,
} from './test-images.ts';

const database = await createTestDatabase();
const { db } = database;
let dataDir: string;
let app: FastifyInstance;
let host: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hora-listing-images-'));
  app = await buildTestApp(db, { DATA_DIR: dataDir }, { captcha: fakeCaptcha });
  host = await signUp(app);
  stranger = await signUp(app);
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function createListing(authorId = host.id): Promise<string> {
  const [row] = await db
    .insert(listings)
    .values({ authorId, title: 'Sala luminosa en Malasaña', description: 'Para talleres y reuniones.' })
    .returning({ id: listings.id });
  return row!.id;
}

/** A browser-made multipart body: FormData serialised by the platform's Request. */
async function multipart(file: Blob, filename: string, field = 'image') {
  const form = new FormData();
  form.append(field, file, filename);
  const request = new Request('http://hora.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function upload(
  listingId: string,
  content: Buffer | Blob,
  { as = host, filename = 'salon.jpg', type = 'image/jpeg' } = {},
) {
  const blob = content instanceof Blob ? content : new Blob([new Uint8Array(content)], { type });
  const body = await multipart(blob, filename);
  return app.inject({
    method: 'POST',
    url: `/api/own-listings/${listingId}/images`,
    payload: body.payload,
    headers: { ...body.headers, ...browser(as.cookie) },
  });
}

async function uploaded(listingId: string, content?: Buffer): Promise<ListingImageView> {
  const response = await upload(
    listingId,
    content ?? (await sampleImage('jpeg', { width: 900, height: 600 })),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

function remove(listingId: string, imageId: string, as = host) {
  return app.inject({
    method: 'DELETE',
    url: `/api/own-listings/${listingId}/images/${imageId}`,
    headers: browser(as.cookie),
  });
}

function reorder(listingId: string, imageIds: unknown, as = host) {
  return app.inject({
    method: 'PUT',
    url: `/api/own-listings/${listingId}/images/order`,
    payload: { imageIds },
    headers: browser(as.cookie),
  });
}

/** What is stored for a listing: its rows in order and the files under its folder. */
async function storedFor(listingId: string) {
  const rows = await db
    .select({ id: images.id, position: images.position })
    .from(images)
    .where(eq(images.listingId, listingId))
    .orderBy(asc(images.position));
  let files: string[] = [];
  try {
    const entries = await readdir(path.join(dataDir, 'uploads', 'listings', listingId), {
      recursive: true,
      withFileTypes: true,
    });
    files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    files = [];
  }
  return { rows, files: files.sort() };
}

async function served(url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response;
}

describe('POST /api/own-listings/:id/images', () => {
  it('adds photos in order, the first being the cover, and serves every variant for ever', async () => {
    const listingId = await createListing();
    const first = await uploaded(listingId);
    const second = await uploaded(listingId, await sampleImage('png', { width: 300, height: 300 }));

    expect(first).toMatchObject({ width: 900, height: 600 });
    expect(Object.keys(first.variants).sort()).toEqual([
      'landscape-crop',
      'landscape-crop2x',
      'square-small',
      'square-small2x',
    ]);
    expect(first.variants['landscape-crop']).toEqual({
      width: 400,
      height: 267,
      webp: `/uploads/listings/${listingId}/${first.id}/landscape-crop.webp`,
      jpeg: `/uploads/listings/${listingId}/${first.id}/landscape-crop.jpg`,
    });
    expect((await storedFor(listingId)).rows).toEqual([
      { id: first.id, position: 0 },
      { id: second.id, position: 1 },
    ]);

    for (const variant of Object.values(second.variants)) {
      for (const [format, url] of [
        ['webp', variant.webp],
        ['jpeg', variant.jpeg],
      ] as const) {
        const response = await served(url);
        expect(response.headers['content-type']).toBe(`image/${format}`);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(await sharp(response.rawPayload).metadata()).toMatchObject({
          format,
          width: variant.width,
          height: variant.height,
        });
      }
    }
  });

  it('keeps no trace of where a photo was taken in any variant', async () => {
    const listingId = await createListing();
    const photo = await photoWithLocation();
    expect(hasGpsDirectory((await sharp(photo).metadata()).exif)).toBe(true);

    const image = await uploaded(listingId, photo);
    const urls = Object.values(image.variants).flatMap((variant) => [variant.webp, variant.jpeg]);
    expect(urls).toHaveLength(8);
    for (const url of urls) {
      const body = (await served(url)).rawPayload;
      const metadata = await sharp(body).metadata();
      expect(metadata.exif, url).toBeUndefined();
      expect(hasGpsDirectory(metadata.exif)).toBe(false);
      expect(body.includes(LOCATION_MARKER), url).toBe(false);
    }
  });

  it('gives consecutive positions to photos uploaded at the same time', async () => {
    const listingId = await createListing();
    const responses = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff', '#ffff00'].map(async (colour) =>
        upload(listingId, await sampleImage('jpeg', { colour })),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const { rows } = await storedFor(listingId);
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3]);
  });

  const twentyOneMegabytes = async () => {
    const jpeg = await sampleImage('jpeg');
    return Buffer.concat([jpeg, Buffer.alloc(21 * 1024 * 1024 - jpeg.length)]);
  };

  it.each([
    [
      'a text file named .jpg',
      async () => Buffer.from('Esto no es una foto, aunque se llame salon.jpg'),
      400,
      'validation-invalid-value',
      'unsupported-type',
    ],
    ['a 21 MB file', twentyOneMegabytes, 413, 'request-upload-over-limit', undefined],
    [
      'a 20000×20000 PNG',
      async () => pngDeclaring(20_000, 20_000),
      400,
      'validation-invalid-value',
      'too-many-pixels',
    ],
    [
      'a corrupt JPEG',
      async () => {
        const jpeg = await sampleImage('jpeg', { width: 800, height: 600 });
        return jpeg.subarray(0, Math.floor(jpeg.length / 2));
      },
      400,
      'validation-invalid-value',
      'unreadable',
    ],
    [
      'an SVG',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
      400,
      'validation-invalid-value',
      'unsupported-type',
    ],
  ])('refuses %s with a clear error and stores nothing', async (_name, content, status, code, reason) => {
    const listingId = await createListing();
    const kept = await uploaded(listingId);
    const before = await storedFor(listingId);
    expect(before.files).toHaveLength(8);

    const response = await upload(listingId, await content());
    expect(response.statusCode).toBe(status);
    const [error] = response.json().errors;
    expect(error).toMatchObject({ status, code });
    if (reason) expect(error.meta.reason).toBe(reason);
    if (status === 413) expect(error.meta).toEqual({ maxBytes: 20 * 1024 * 1024 });

    expect(await storedFor(listingId)).toEqual(before);
    expect(before.rows).toEqual([{ id: kept.id, position: 0 }]);
  });

  it('refuses an upload without a file in the image field', async () => {
    const listingId = await createListing();
    const body = await multipart(new Blob([new Uint8Array(await sampleImage('png'))]), 'a.png', 'photo');
    const response = await app.inject({
      method: 'POST',
      url: `/api/own-listings/${listingId}/images`,
      payload: body.payload,
      headers: { ...body.headers, ...browser(host.cookie) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'validation-invalid-params',
      meta: { field: 'image' },
    });
    expect((await storedFor(listingId)).rows).toEqual([]);
  });

  it('stops at 30 photos with a clear error', async () => {
    const listingId = await createListing();
    await db.insert(images).values(
      Array.from({ length: 30 }, (_, position) => {
        const id = randomUUID();
        return {
          id,
          ownerId: host.id,
          kind: 'listing',
          listingId,
          position,
          width: 10,
          height: 10,
          keyPrefix: `listings/${listingId}/${id}/`,
          formats: ['webp', 'jpeg'],
        };
      }),
    );
    const response = await upload(listingId, await sampleImage('jpeg'));
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toMatchObject({ code: 'listing-images-over-limit', meta: { max: 30 } });
    const after = await storedFor(listingId);
    expect(after.rows).toHaveLength(30);
    expect(after.files).toEqual([]);
  });

  it('answers 404 for an unknown listing, 400 for a malformed id, 401 to a visitor', async () => {
    const jpeg = await sampleImage('jpeg');
    const unknown = await upload(randomUUID(), jpeg);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('not-found');
    expect((await upload('not-a-uuid', jpeg)).statusCode).toBe(400);

    const listingId = await createListing();
    const body = await multipart(new Blob([new Uint8Array(jpeg)]), 'a.jpg');
    const visitor = await app.inject({
      method: 'POST',
      url: `/api/own-listings/${listingId}/images`,
      payload: body.payload,
      headers: { ...body.headers, ...browser() },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await storedFor(listingId)).rows).toEqual([]);
  });
});

describe('DELETE /api/own-listings/:id/images/:imageId', () => {
  it('removes the photo and its files; the next one becomes the cover', async () => {
    const listingId = await createListing();
    const cover = await uploaded(listingId);
    const second = await uploaded(listingId);
    const third = await uploaded(listingId);

    const response = await remove(listingId, cover.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((image: ListingImageView) => image.id)).toEqual([second.id, third.id]);
    const after = await storedFor(listingId);
    expect(after.rows).toEqual([
      { id: second.id, position: 0 },
      { id: third.id, position: 1 },
    ]);
    expect(after.files).toHaveLength(16);
    expect(after.files.some((file) => file.includes(cover.id))).toBe(false);
    expect((await app.inject({ method: 'GET', url: cover.variants['square-small'].webp })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for a photo of another listing, and removes nothing', async () => {
    const listingId = await createListing();
    const otherListing = await createListing();
    const photo = await uploaded(otherListing);
    const response = await remove(listingId, photo.id);
    expect(response.statusCode).toBe(404);
    expect((await storedFor(otherListing)).rows).toEqual([{ id: photo.id, position: 0 }]);
  });
});

describe('PUT /api/own-listings/:id/images/order', () => {
  it('puts the photos in the given order, cover first', async () => {
    const listingId = await createListing();
    const [a, b, c] = [await uploaded(listingId), await uploaded(listingId), await uploaded(listingId)];
    const response = await reorder(listingId, [c!.id, a!.id, b!.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((image: ListingImageView) => image.id)).toEqual([c!.id, a!.id, b!.id]);
    expect((await storedFor(listingId)).rows).toEqual([
      { id: c!.id, position: 0 },
      { id: a!.id, position: 1 },
      { id: b!.id, position: 2 },
    ]);
  });

  it('refuses a list that is not exactly the listing’s photos, and changes nothing', async () => {
    const listingId = await createListing();
    const [a, b] = [await uploaded(listingId), await uploaded(listingId)];
    const foreign = await uploaded(await createListing());
    const before = await storedFor(listingId);

    for (const [imageIds, code] of [
      [[b!.id], 'validation-invalid-value'],
      [[b!.id, a!.id, foreign.id], 'validation-invalid-value'],
      [[b!.id, foreign.id], 'validation-invalid-value'],
      [[b!.id, randomUUID()], 'validation-invalid-value'],
      [[b!.id, b!.id], 'validation-invalid-params'],
      [['not-a-uuid', a!.id], 'validation-invalid-params'],
      ['nope', 'validation-invalid-params'],
    ] as const) {
      const response = await reorder(listingId, imageIds);
      expect(response.statusCode, JSON.stringify(imageIds)).toBe(400);
      expect(response.json().errors[0].code, JSON.stringify(imageIds)).toBe(code);
    }
    expect(await storedFor(listingId)).toEqual(before);
  });
});

describe('another user', () => {
  it('gets 403 on upload, delete and reorder, and nothing changes', async () => {
    const listingId = await createListing();
    const [a, b] = [await uploaded(listingId), await uploaded(listingId)];
    const before = await storedFor(listingId);

    const uploadResponse = await upload(listingId, await sampleImage('jpeg'), { as: stranger });
    const deleteResponse = await remove(listingId, a.id, stranger);
    const reorderResponse = await reorder(listingId, [b.id, a.id], stranger);
    for (const response of [uploadResponse, deleteResponse, reorderResponse]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe('forbidden');
    }
    expect(await storedFor(listingId)).toEqual(before);
    const [strangersImages] = await db.select().from(images).where(eq(images.ownerId, stranger.id));
    expect(strangersImages).toBeUndefined();
  });
});
