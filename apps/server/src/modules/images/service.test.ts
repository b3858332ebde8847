import { randomUUID } from 'node:crypto';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppError } from '@hora/core/errors';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { createLocalImageStorage, type ImageStorage } from '../../adapters/storage/index.ts';
import { images, users } from '../../db/schema/index.ts';
import { AVATAR_VARIANTS, avatarVariants } from './avatar-variants.ts';
import { saveAvatar } from './service.ts';
import { sampleImage } from './test-images.ts';

const database = await createTestDatabase();
const { db } = database;
let root: string;
let storage: ImageStorage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hora-avatars-'));
  storage = createLocalImageStorage({ uploadsDir: root });
});

afterAll(() => rm(root, { recursive: true, force: true }));

async function createUser(): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({
    id,
    name: 'Marta García',
    email: `${id}@example.com`,
    firstName: 'Marta',
    lastName: 'García',
    referralCode: id.slice(0, 8),
  });
  return id;
}

const fileOf = (url: string) => path.join(root, ...url.replace(/^\/uploads\//, '').split('/'));
const exists = (url: string) =>
  access(fileOf(url)).then(
    () => true,
    () => false,
  );

async function avatarRows(userId: string) {
  return db.select().from(images).where(eq(images.ownerId, userId));
}

async function storedImage(userId: string) {
  const [user] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId));
  return user!.image;
}

describe('saveAvatar', () => {
  it('stores the variants, records the image and points users.image at the largest square', async () => {
    const userId = await createUser();
    const saved = await saveAvatar({
      db,
      storage,
      userId,
      file: await sampleImage('jpeg', { width: 300, height: 200 }),
    });

    expect(Object.keys(saved.variants).sort()).toEqual([...AVATAR_VARIANTS].sort());
    for (const variant of AVATAR_VARIANTS) {
      expect(saved.variants[variant]).toBe(`/uploads/avatars/${saved.id}/${variant}.webp`);
      const metadata = await sharp(fileOf(saved.variants[variant])).metadata();
      expect(metadata.format).toBe('webp');
    }
    expect(await avatarRows(userId)).toEqual([
      expect.objectContaining({ id: saved.id, ownerId: userId, kind: 'avatar', width: 300, height: 200 }),
    ]);
    expect(await storedImage(userId)).toBe(`avatars/${saved.id}/`);
    expect(avatarVariants(await storedImage(userId), storage)).toEqual(saved.variants);
    expect((await avatarRows(userId))[0]).toMatchObject({
      keyPrefix: `avatars/${saved.id}/`,
      formats: ['webp'],
    });
  });

  it("replaces the previous avatar: its files and row are gone, other users' stay", async () => {
    const userId = await createUser();
    const otherId = await createUser();
    const other = await saveAvatar({ db, storage, userId: otherId, file: await sampleImage('gif') });
    const first = await saveAvatar({ db, storage, userId, file: await sampleImage('png') });
    const second = await saveAvatar({ db, storage, userId, file: await sampleImage('jpeg') });

    expect(second.id).not.toBe(first.id);
    for (const url of Object.values(first.variants)) expect(await exists(url)).toBe(false);
    for (const url of Object.values(second.variants)) expect(await exists(url)).toBe(true);
    for (const url of Object.values(other.variants)) expect(await exists(url)).toBe(true);
    expect((await avatarRows(userId)).map((row) => row.id)).toEqual([second.id]);
    expect((await avatarRows(otherId)).map((row) => row.id)).toEqual([other.id]);
    expect(await storedImage(userId)).toBe(`avatars/${second.id}/`);
    expect(await storedImage(otherId)).toBe(`avatars/${other.id}/`);
  });

  it('ends with one avatar when two uploads race', async () => {
    const userId = await createUser();
    const results = await Promise.all([
      saveAvatar({ db, storage, userId, file: await sampleImage('png', { colour: '#ff0000' }) }),
      saveAvatar({ db, storage, userId, file: await sampleImage('png', { colour: '#00ff00' }) }),
    ]);
    const rows = await avatarRows(userId);
    expect(rows).toHaveLength(1);
    const kept = results.find((result) => result.id === rows[0]!.id)!;
    const lost = results.find((result) => result.id !== rows[0]!.id)!;
    expect(await storedImage(userId)).toBe(`avatars/${kept.id}/`);
    expect(await exists(kept.variants['square-small2x'])).toBe(true);
    expect(await exists(lost.variants['square-small2x'])).toBe(false);
  });

  it('keeps the current avatar and stores nothing when the upload is refused', async () => {
    const userId = await createUser();
    const current = await saveAvatar({ db, storage, userId, file: await sampleImage('png') });
    await expect(
      saveAvatar({ db, storage, userId, file: Buffer.from('plain text called me.png') }),
    ).rejects.toMatchObject({ code: 'validation-invalid-value' });
    expect((await avatarRows(userId)).map((row) => row.id)).toEqual([current.id]);
    expect(await storedImage(userId)).toBe(`avatars/${current.id}/`);
  });

  it('removes the new files when the user does not exist', async () => {
    const puts: string[] = [];
    const watched: ImageStorage = {
      ...storage,
      put: (key, body, type) => {
        puts.push(key);
        return storage.put(key, body, type);
      },
    };
    const error = await saveAvatar({
      db,
      storage: watched,
      userId: randomUUID(),
      file: await sampleImage('png'),
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not-found' });
    expect(puts).toHaveLength(4);
    for (const key of puts) expect(await exists(storage.url(key))).toBe(false);
  });

  it('records nothing and cleans up when storing a variant fails', async () => {
    const userId = await createUser();
    const current = await saveAvatar({ db, storage, userId, file: await sampleImage('png') });
    const stored: string[] = [];
    const failing: ImageStorage = {
      ...storage,
      put: async (key, body, type) => {
        if (key.endsWith('square-small.webp')) throw new Error('disk full');
        stored.push(key);
        await storage.put(key, body, type);
      },
    };
    await expect(
      saveAvatar({ db, storage: failing, userId, file: await sampleImage('png') }),
    ).rejects.toThrow('disk full');
    expect(stored.length).toBeGreaterThan(0);
    for (const key of stored) expect(await exists(storage.url(key))).toBe(false);
    expect((await avatarRows(userId)).map((row) => row.id)).toEqual([current.id]);
    expect(await storedImage(userId)).toBe(`avatars/${current.id}/`);
  });

  it('keeps the new avatar and reports it when the old files cannot be removed', async () => {
    const userId = await createUser();
    const first = await saveAvatar({ db, storage, userId, file: await sampleImage('png') });
    const warnings: object[] = [];
    const stubborn: ImageStorage = {
      ...storage,
      removePrefix: async () => {
        throw new Error('permission denied');
      },
    };
    const second = await saveAvatar({
      db,
      storage: stubborn,
      userId,
      file: await sampleImage('png'),
      log: { warn: (details) => warnings.push(details) },
    });
    expect(await storedImage(userId)).toBe(`avatars/${second.id}/`);
    expect(warnings).toEqual([expect.objectContaining({ imageId: first.id })]);
  });
});
