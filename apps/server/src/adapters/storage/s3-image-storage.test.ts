import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_S3_CREDENTIALS, type FakeS3, startFakeS3 } from '../../../test/fake-s3.ts';
import { mergeCspSources } from '../../http/content-security.ts';
import { type ImageStorage, UPLOADS_CACHE_CONTROL } from './image-storage.ts';
import { createS3ImageStorage, defaultS3PublicUrl } from './s3-image-storage.ts';

let s3: FakeS3;
let storage: ImageStorage;

beforeAll(async () => {
  s3 = await startFakeS3();
  storage = createS3ImageStorage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: FAKE_S3_CREDENTIALS,
    // Two keys per page, so removing a prefix must follow the continuation tokens.
    listPageSize: 2,
  });
});

afterAll(() => s3?.close());

async function read(key: string) {
  const response = await fetch(storage.url(key));
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

describe('S3 image storage (against a fake S3 server)', () => {
  it('stores an object that its public URL serves, with its type and the year-long cache header', async () => {
    const body = Buffer.from('RIFF....WEBPVP8 not really a picture');
    await storage.put('avatars/0b6c/square-small.webp', body, 'image/webp');

    expect(storage.url('avatars/0b6c/square-small.webp')).toBe(
      `${s3.endpoint}/${s3.bucket}/avatars/0b6c/square-small.webp`,
    );
    const stored = await read('avatars/0b6c/square-small.webp');
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/webp');
    expect(stored.headers.get('cache-control')).toBe(UPLOADS_CACHE_CONTROL);
    expect(stored.body.equals(body)).toBe(true);

    await storage.put('avatars/0b6c/square-small.webp', Buffer.from('replaced'), 'image/webp');
    expect((await read('avatars/0b6c/square-small.webp')).body.toString()).toBe('replaced');
  });

  it('removes every object under a prefix, over several listing pages, and nothing else', async () => {
    const gone = [
      'listings/a/1/x.webp',
      'listings/a/1/x.jpg',
      'listings/a/2/x.webp',
      'listings/a/2/x.jpg',
      'listings/a/3/x.webp',
    ];
    const kept = ['listings/ab/1/x.webp', 'listings/b/1/x.webp'];
    for (const key of [...gone, ...kept]) await storage.put(key, Buffer.from(key), 'image/webp');

    const listingsBefore = s3.requests.filter((request) => request === 'GET list').length;
    await storage.removePrefix('listings/a/');
    expect(s3.requests.filter((request) => request === 'GET list').length - listingsBefore).toBe(3);
    for (const key of gone) expect((await read(key)).status, key).toBe(404);
    for (const key of kept) expect((await read(key)).status, key).toBe(200);

    await expect(storage.removePrefix('listings/none/')).resolves.toBeUndefined();
  });

  it('refuses unsafe keys and prefixes before calling S3', async () => {
    await expect(storage.put('../x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /Unsafe image storage key/,
    );
    await expect(storage.removePrefix('')).rejects.toThrow(/Unsafe image storage key/);
    await expect(storage.removePrefix('/')).rejects.toThrow(/Unsafe image storage key/);
    expect(() => storage.url('a/../b')).toThrow(/Unsafe image storage key/);
  });

  it('reports a failure of the service instead of pretending it stored the file', async () => {
    const wrongKeys = createS3ImageStorage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { ...FAKE_S3_CREDENTIALS, secretAccessKey: `${FAKE_S3_CREDENTIALS.secretAccessKey}x` },
    });
    await expect(wrongKeys.put('avatars/x/y.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /signature does not match/,
    );
    await expect(wrongKeys.removePrefix('avatars/')).rejects.toThrow(/signature does not match/);
    expect(s3.objects.has('avatars/x/y.webp')).toBe(false);
    const missingBucket = createS3ImageStorage({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: FAKE_S3_CREDENTIALS,
    });
    await expect(missingBucket.put('avatars/x/y.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /bucket does not exist/,
    );
  });

  it('declares where pages load the images from, for the Content-Security-Policy', () => {
    expect(storage.contentSecurity).toEqual({ images: [`${s3.endpoint}/${s3.bucket}/`] });
    expect(mergeCspSources([storage.contentSecurity]).images).toEqual([`${s3.endpoint}/${s3.bucket}/`]);
    const cdn = createS3ImageStorage({ bucket: 'b', region: 'auto', publicUrl: 'https://img.hora.es/' });
    expect(cdn.url('avatars/a/b.webp')).toBe('https://img.hora.es/avatars/a/b.webp');
    expect(cdn.contentSecurity).toEqual({ images: ['https://img.hora.es/'] });
  });

  it('derives the public address from the bucket, the region and the endpoint', () => {
    expect(defaultS3PublicUrl({ bucket: 'b', region: 'eu-west-3' })).toBe(
      'https://b.s3.eu-west-3.amazonaws.com',
    );
    expect(
      defaultS3PublicUrl({
        bucket: 'b',
        region: 'auto',
        endpoint: 'https://minio.example:9000',
        forcePathStyle: true,
      }),
    ).toBe('https://minio.example:9000/b');
    expect(defaultS3PublicUrl({ bucket: 'b', region: 'auto', endpoint: 'https://s3.example.com/' })).toBe(
      'https://b.s3.example.com',
    );
  });
});
