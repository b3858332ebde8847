import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, errorCode, signUp, type TestUser } from '../../../test/accounts.ts';
import { buildTestApp, fakeCaptcha } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { images, users } from '../../db/schema/index.ts';
import { sampleImage } from './test-images.ts';

const database = await createTestDatabase();
const { db } = database;
let dataDir: string;
let app: FastifyInstance;
let person: TestUser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hora-avatar-routes-'));
  // The whole API as wired in app.ts, with its image storage in a folder of this test; the person
  // signs up through it and uploads with the session cookie it set, from the site's own origin.
  app = await buildTestApp(db, { DATA_DIR: dataDir }, { captcha: fakeCaptcha });
  person = await signUp(app);
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** A browser-made multipart body: FormData serialised by the platform's Request. */
async function multipart(fields: Record<string, Blob | string>, filename = 'avatar.jpg') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  }
  const request = new Request('http://hora.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** An upload from the site's own pages: with the person's session cookie, unless `as` says a visitor. */
async function upload(
  body: { payload: Buffer | string; headers: Record<string, string> },
  as: 'person' | 'visitor' = 'person',
) {
  return app.inject({
    method: 'POST',
    url: '/api/account/avatar',
    payload: body.payload,
    headers: { ...body.headers, ...browser(as === 'person' ? person.cookie : undefined) },
  });
}

const jpegBlob = async () =>
  new Blob([new Uint8Array(await sampleImage('jpeg', { width: 120, height: 90 }))], { type: 'image/jpeg' });

describe('POST /api/account/avatar', () => {
  it('answers 401 to a visitor and stores nothing', async () => {
    const before = await db.select().from(images);
    const response = await upload(await multipart({ image: await jpegBlob() }), 'visitor');
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0]).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(await db.select().from(images)).toEqual(before);
  });

  it('answers 403 csrf-failed to another site riding on the session, and stores nothing', async () => {
    const victim = await signUp(app);
    const body = await multipart({ image: await jpegBlob() });
    for (const origin of [{ origin: 'https://evil.example' }, { origin: 'null' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/avatar',
        payload: body.payload,
        headers: { ...body.headers, cookie: victim.cookie, ...origin },
      });
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe('csrf-failed');
    }
    expect(await db.select().from(images).where(eq(images.ownerId, victim.id))).toEqual([]);
  });

  it('saves the signed-in user’s avatar and answers its variants, which are then served', async () => {
    const response = await upload(await multipart({ image: await jpegBlob() }));
    expect(response.statusCode).toBe(200);
    const { image } = response.json();
    expect(image.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(image.variants).toEqual({
      'square-xsmall': `/uploads/avatars/${image.id}/square-xsmall.webp`,
      'square-xsmall2x': `/uploads/avatars/${image.id}/square-xsmall2x.webp`,
      'square-small': `/uploads/avatars/${image.id}/square-small.webp`,
      'square-small2x': `/uploads/avatars/${image.id}/square-small2x.webp`,
    });
    const [user] = await db.select({ image: users.image }).from(users).where(eq(users.id, person.id));
    // The row keeps the key prefix; the URLs are made when a response is built.
    expect(user!.image).toBe(`avatars/${image.id}/`);

    await access(path.join(dataDir, 'uploads', 'avatars', image.id, 'square-small2x.webp'));

    const served = await app.inject({ method: 'GET', url: image.variants['square-small'] });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 240,
      height: 240,
    });
  });

  it('answers 413 request-upload-over-limit for a file over 20 MB', async () => {
    const jpeg = await sampleImage('jpeg');
    // One byte over the limit.
    const oversized = new Blob([new Uint8Array(jpeg), new Uint8Array(20 * 1024 * 1024 + 1 - jpeg.length)], {
      type: 'image/jpeg',
    });
    const response = await upload(await multipart({ image: oversized }));
    expect(response.statusCode).toBe(413);
    expect(response.json().errors[0]).toMatchObject({
      status: 413,
      code: 'request-upload-over-limit',
      meta: { maxBytes: 20 * 1024 * 1024 },
    });
  });

  it('answers 400 validation-invalid-params without a file', async () => {
    const onlyText = await upload(await multipart({ note: 'no file here' }));
    expect(onlyText.statusCode).toBe(400);
    expect(onlyText.json().errors[0]).toMatchObject({
      code: 'validation-invalid-params',
      meta: { field: 'image' },
    });

    const wrongField = await upload(await multipart({ picture: await jpegBlob() }));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors[0].code).toBe('validation-invalid-params');

    const json = await upload({ payload: '{"image":"x"}', headers: { 'content-type': 'application/json' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors[0].code).toBe('validation-invalid-params');
  });

  it('answers 400 unsupported-type for a text file sent as avatar.png with an image type', async () => {
    const fake = new Blob(['this is not a picture'], { type: 'image/png' });
    const response = await upload(await multipart({ image: fake }, 'avatar.png'));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'validation-invalid-value',
      title: 'Unsupported image type',
      meta: { reason: 'unsupported-type' },
    });
  });

  it('is documented in the OpenAPI as a multipart upload', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/api/account/avatar'].post;
    expect(operation.tags).toEqual(['account']);
    const form = operation.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '413']);
  });
});
