import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema/index.ts';
import { browser, signUp, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';
import { FAKE_S3_CREDENTIALS, type FakeS3, startFakeS3 } from './fake-s3.ts';

const database = await createTestDatabase();
let s3: FakeS3;
let app: FastifyInstance;
let host: TestUser;

beforeAll(async () => {
  s3 = await startFakeS3();
  // The whole app as configured for an S3-compatible service (a MinIO, say): nothing else changes.
  app = await buildTestApp(
    database.db,
    {
      IMAGE_STORAGE: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: FAKE_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: FAKE_S3_CREDENTIALS.secretAccessKey,
    },
    { captcha: fakeCaptcha },
  );
  host = await signUp(app);
});

afterAll(() => s3?.close());

async function multipart(content: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(content)], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://hora.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, ...browser(host.cookie) },
  };
}

describe('with IMAGE_STORAGE=s3', () => {
  it('stores listing photos in the bucket and answers their public URLs', async () => {
    const [listing] = await database.db
      .insert(listings)
      .values({ authorId: host.id, title: 'Cocina en Lavapiés', description: 'Cocina de producción.' })
      .returning({ id: listings.id });
    const body = await multipart(
      await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c08040' } })
        .jpeg()
        .toBuffer(),
    );
    const response = await app.inject({
      method: 'POST',
      url: `/api/own-listings/${listing!.id}/images`,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json().data;
    const prefix = `listings/${listing!.id}/${image.id}/`;
    expect(image.variants['landscape-crop'].webp).toBe(
      `${s3.endpoint}/${s3.bucket}/${prefix}landscape-crop.webp`,
    );
    expect([...s3.objects.keys()].filter((key) => key.startsWith(prefix))).toHaveLength(8);

    const served = await fetch(image.variants['landscape-crop2x'].jpeg);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 800,
      height: 533,
    });

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/own-listings/${listing!.id}/images/${image.id}`,
      headers: browser(host.cookie),
    });
    expect(removed.statusCode).toBe(200);
    expect([...s3.objects.keys()].filter((key) => key.startsWith(prefix))).toEqual([]);
  });

  it('makes avatar URLs from the bucket too', async () => {
    const body = await multipart(
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#4080c0' } })
        .jpeg()
        .toBuffer(),
    );
    const response = await app.inject({ method: 'POST', url: '/api/account/avatar', ...body });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json().image;
    const session = await app.inject({ method: 'GET', url: '/api/session', headers: browser(host.cookie) });
    expect(JSON.stringify(session.json())).toContain(
      `${s3.endpoint}/${s3.bucket}/avatars/${id}/square-small.webp`,
    );
    expect(s3.objects.has(`avatars/${id}/square-small2x.webp`)).toBe(true);
  });

  it('lets pages load images from the bucket, and from nowhere else new', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/session' });
    const csp = String(response.headers['content-security-policy']);
    const imgSrc = csp.split(';').find((directive) => directive.trim().startsWith('img-src'));
    expect(imgSrc?.trim()).toBe(
      `img-src 'self' data: blob: ${s3.endpoint}/${s3.bucket}/ https://tile.openstreetmap.org`,
    );
  });
});
