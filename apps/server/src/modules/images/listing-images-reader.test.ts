import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppError } from '@hora/core/errors';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { createLocalImageStorage, type ImageStorage } from '../../adapters/storage/index.ts';
import { listings, users } from '../../db/schema/index.ts';
import { createListingCardsReader } from '../listings/cards.ts';
import {
  countListingImages,
  listingCoverColumn,
  listingImageRowsColumn,
} from './listing-images-repository.ts';
import { createListingImagesReader, listingImagesService } from './listing-images-service.ts';
import { sampleImage } from './test-images.ts';

const database = await createTestDatabase();
const { db } = database;
let root: string;
let storage: ImageStorage;
let hostId: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hora-listing-images-reader-'));
  storage = createLocalImageStorage({ uploadsDir: root });
  hostId = randomUUID();
  await db.insert(users).values({
    id: hostId,
    name: 'Jordi Puig',
    email: `${hostId}@example.com`,
    firstName: 'Jordi',
    lastName: 'Puig',
    referralCode: hostId.slice(0, 8),
  });
});

afterAll(() => rm(root, { recursive: true, force: true }));

async function createListing(): Promise<string> {
  const [row] = await db
    .insert(listings)
    .values({ authorId: hostId, title: 'Estudio en Gràcia', description: 'Grabación y ensayo.' })
    .returning({ id: listings.id });
  return row!.id;
}

/** A listing with two photos, the second moved first (the cover), and one without photos. */
async function twoListingsOneReordered() {
  const service = listingImagesService({ db, storage });
  const [withPhotos, withoutPhotos] = [await createListing(), await createListing()];
  const add = async () =>
    service.add({ viewerId: hostId, listingId: withPhotos, file: await sampleImage('jpeg') });
  const [a, b] = [await add(), await add()];
  await service.reorder({ viewerId: hostId, listingId: withPhotos, imageIds: [b.id, a.id] });
  return { withPhotos, withoutPhotos, cover: b.id };
}

describe('the listings module’s view of photos', () => {
  it('reads each listing’s photos in order, and none for a listing without', async () => {
    const service = listingImagesService({ db, storage });
    const [withPhotos, withoutPhotos] = [await createListing(), await createListing()];
    const add = async () =>
      service.add({ viewerId: hostId, listingId: withPhotos, file: await sampleImage('jpeg') });
    const [a, b, c] = [await add(), await add(), await add()];
    await service.reorder({ viewerId: hostId, listingId: withPhotos, imageIds: [b.id, c.id, a.id] });

    const reader = createListingImagesReader(db, storage);
    const byListing = await reader.imagesOf([withPhotos, withoutPhotos]);
    expect(byListing.get(withPhotos)?.map((image) => image.id)).toEqual([b.id, c.id, a.id]);
    expect(byListing.get(withoutPhotos)).toEqual([]);
    expect(byListing.get(withPhotos)?.[0]).toEqual(b);
    expect(await reader.imagesOf([])).toEqual(new Map());

    // A card's cover: the first photo after the reorder, with the landscape crop's URLs only.
    const covers = await reader.coversOf([withPhotos, withoutPhotos]);
    expect([...covers.keys()]).toEqual([withPhotos]);
    expect(covers.get(withPhotos)).toEqual({
      ...b,
      variants: {
        'landscape-crop': b.variants['landscape-crop'],
        'landscape-crop2x': b.variants['landscape-crop2x'],
      },
    });
    expect(await reader.coversOf([])).toEqual(new Map());

    expect(await countListingImages(db, withPhotos)).toBe(3);
    expect(await countListingImages(db, withoutPhotos)).toBe(0);
  });

  it('gives cards the covers read along with their rows, as `coversOf` makes them', async () => {
    const { withPhotos, withoutPhotos, cover } = await twoListingsOneReordered();
    const reader = createListingImagesReader(db, storage);
    const alongside = createListingCardsReader(db, { images: reader, fuzzyLocation: false });
    // A reader that cannot make a cover from a row: the covers are asked for on their own.
    const apart = createListingCardsReader(db, {
      images: { imagesOf: reader.imagesOf, coversOf: reader.coversOf },
      fuzzyLocation: false,
    });
    const ids = [withoutPhotos, randomUUID(), withPhotos];
    const cards = await alongside.cardsOf(ids);
    expect(cards.map((card) => [card.id, card.image?.id ?? null])).toEqual([
      [withoutPhotos, null],
      [withPhotos, cover],
    ]);
    expect(cards[1]?.image).toEqual((await reader.coversOf([withPhotos])).get(withPhotos));
    expect(cards).toEqual(await apart.cardsOf(ids));
  });

  it('gives another module’s read of listings the photo rows that `viewsOf` turns into the same views', async () => {
    const { withPhotos, withoutPhotos, cover } = await twoListingsOneReordered();
    const reader = createListingImagesReader(db, storage);
    // A select from `listings` alone, which names its columns bare.
    const rows = await db
      .select({ id: listings.id, images: listingImageRowsColumn(), cover: listingCoverColumn() })
      .from(listings)
      .where(inArray(listings.id, [withPhotos, withoutPhotos]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(reader.viewsOf?.(byId.get(withPhotos)?.images ?? [])).toEqual(
      (await reader.imagesOf([withPhotos])).get(withPhotos),
    );
    expect(byId.get(withPhotos)?.cover?.id).toBe(cover);
    expect(byId.get(withoutPhotos)).toMatchObject({ images: [], cover: null });
  });

  it('makes URLs with the storage in use, so a move to a CDN changes no data', async () => {
    const service = listingImagesService({ db, storage });
    const listingId = await createListing();
    const image = await service.add({ viewerId: hostId, listingId, file: await sampleImage('png') });
    const cdn = createLocalImageStorage({ uploadsDir: root, publicPath: 'https://img.hora.es' });
    const [read] = (await createListingImagesReader(db, cdn).imagesOf([listingId])).get(listingId)!;
    expect(read?.variants['square-small'].webp).toBe(
      `https://img.hora.es/listings/${listingId}/${image.id}/square-small.webp`,
    );
  });

  it('records nothing and removes the stored files when storing one variant fails', async () => {
    const listingId = await createListing();
    const written: string[] = [];
    const failing: ImageStorage = {
      ...storage,
      put: async (key, body, type) => {
        if (key.endsWith('square-small2x.jpg')) throw new Error('disk full');
        written.push(key);
        await storage.put(key, body, type);
      },
    };
    await expect(
      listingImagesService({ db, storage: failing }).add({
        viewerId: hostId,
        listingId,
        file: await sampleImage('jpeg'),
      }),
    ).rejects.toThrow('disk full');
    expect(written.length).toBeGreaterThan(0);
    expect(await countListingImages(db, listingId)).toBe(0);
    expect(await readdir(path.join(root, 'listings', listingId)).catch(() => [])).toEqual([]);
  });

  it('is refused to anybody but the author', async () => {
    const listingId = await createListing();
    const error = await listingImagesService({ db, storage })
      .add({ viewerId: randomUUID(), listingId, file: await sampleImage('jpeg') })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'forbidden' });
  });
});
