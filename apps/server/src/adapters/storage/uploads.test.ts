import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_CACHE_CONTROL } from './image-storage.ts';
import { createLocalImageStorage } from './local-image-storage.ts';
import { registerUploads } from './uploads.ts';

let parent: string;
let uploadsDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'hora-uploads-'));
  // The folder does not exist yet: registerUploads creates it.
  uploadsDir = path.join(parent, 'data', 'uploads');
  await mkdir(path.join(parent, 'data'));
  await writeFile(path.join(parent, 'data', 'secret.txt'), 'top secret');
  app = Fastify();
  // Another @fastify/static registration, as the web app makes in production: no clash.
  const publicDir = path.join(parent, 'public');
  await mkdir(publicDir);
  await writeFile(path.join(publicDir, 'robots.txt'), 'User-agent: *');
  await app.register(fastifyStatic, { root: publicDir, wildcard: false });
  await registerUploads(app, { uploadsDir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(parent, { recursive: true, force: true });
});

describe('registerUploads', () => {
  it('serves a stored image with a cache header for ever and nosniff', async () => {
    const storage = createLocalImageStorage({ uploadsDir });
    const body = Buffer.from('RIFF....WEBPVP8 fake image bytes');
    await storage.put('avatars/1f0c/square-small.webp', body, 'image/webp');

    const response = await app.inject({ method: 'GET', url: storage.url('avatars/1f0c/square-small.webp') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe(UPLOADS_CACHE_CONTROL);
    expect(UPLOADS_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(body)).toBe(true);

    expect((await app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
  });

  it('answers 404 for a missing file and lists no folder', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/uploads/avatars/none/square-small.webp' })).statusCode,
    ).toBe(404);
    const folder = await app.inject({ method: 'GET', url: '/uploads/avatars/' });
    expect([403, 404]).toContain(folder.statusCode);
    expect(folder.body).not.toContain('1f0c');
  });

  it.each([
    '/uploads/../secret.txt',
    '/uploads/%2e%2e/secret.txt',
    '/uploads/%2E%2E%2Fsecret.txt',
    '/uploads/avatars/..%2F..%2Fsecret.txt',
    '/uploads/..%5Csecret.txt',
  ])('never serves a file outside the folder: %s', async (url) => {
    expect(await readFile(path.join(uploadsDir, '..', 'secret.txt'), 'utf8')).toBe('top secret');
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('top secret');
  });

  it('never serves a hidden (half-written) file', async () => {
    await writeFile(path.join(uploadsDir, '.partial.webp.tmp'), 'half');
    const response = await app.inject({ method: 'GET', url: '/uploads/.partial.webp.tmp' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('half');
  });
});
