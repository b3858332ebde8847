import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../web/scripts/precompress.mjs';
import { browser, signUp } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

/**
 * A client build like React Router's (hashed files under assets/, a favicon beside them), written
 * to a temporary folder and precompressed by the same script the web build runs, served next to
 * the fixture server build of test/fixtures/web-build.
 */
const buildDir = mkdtempSync(path.join(tmpdir(), 'hora-web-build-'));
const client = path.join(buildDir, 'client');

function scriptOf(lines: number): string {
  return Array.from(
    { length: lines },
    (_, index) =>
      `export function slot${index}(start, end) { return { start, end, label: "slot ${index}" }; }`,
  ).join('\n');
}

const FILES = {
  'assets/entry.client-Ab12Cd34.js': scriptOf(400),
  'assets/app-Ef56Gh78.css': Array.from(
    { length: 200 },
    (_, index) => `.tile--${index} { color: #0f766e; }`,
  ).join('\n'),
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<circle cx="8" cy="8" r="6"/>'.repeat(60)}</svg>`,
  'assets/tiny-Ij90Kl12.js': 'export const tiny = 1;',
  'assets/solver.worker-Qr78St90.js': 'self.onmessage = () => {};',
} as const;
const PHOTO = 'assets/photo-Mn34Op56.png';
const ENTRY = '/assets/entry.client-Ab12Cd34.js';

function decode(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  expect(encoding).toBeUndefined();
  return response.rawPayload;
}

function varyNamesAcceptEncoding(response: LightMyRequestResponse): boolean {
  return /\baccept-encoding\b/i.test(String(response.headers.vary ?? ''));
}

let app: FastifyInstance;
let written: string[];

beforeAll(async () => {
  mkdirSync(path.join(client, 'assets'), { recursive: true });
  mkdirSync(path.join(buildDir, 'server'));
  copyFileSync(
    path.join(import.meta.dirname, 'fixtures', 'web-build', 'server', 'index.js'),
    path.join(buildDir, 'server', 'index.js'),
  );
  for (const [file, content] of Object.entries(FILES)) writeFileSync(path.join(client, file), content);
  writeFileSync(path.join(client, PHOTO), randomBytes(4096));
  written = await precompress(client);

  const database = await createTestDatabase();
  app = await buildTestApp(database.db, {}, { captcha: fakeCaptcha, web: { mode: 'production', buildDir } });
});

afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

describe('precompressing the client build', () => {
  it('writes a brotli and a gzip variant beside each text file of 1 KB or more, decoding to the file', () => {
    const expected = ['assets/entry.client-Ab12Cd34.js', 'assets/app-Ef56Gh78.css', 'favicon.svg'].flatMap(
      (file) => [`${file}.br`, `${file}.gz`],
    );
    expect(written.map((file) => path.relative(client, file)).sort()).toEqual(expected.sort());
    for (const file of ['assets/entry.client-Ab12Cd34.js', 'assets/app-Ef56Gh78.css', 'favicon.svg']) {
      const original = readFileSync(path.join(client, file));
      expect(brotliDecompressSync(readFileSync(path.join(client, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(path.join(client, `${file}.gz`)))).toEqual(original);
    }
  });

  it('leaves small files and already compressed formats alone', () => {
    for (const file of ['assets/tiny-Ij90Kl12.js', PHOTO]) {
      expect(existsSync(path.join(client, `${file}.br`)), file).toBe(false);
      expect(existsSync(path.join(client, `${file}.gz`)), file).toBe(false);
    }
  });
});

describe('built assets', () => {
  const original = () => readFileSync(path.join(client, ENTRY));

  it.each([
    ['br', 'br', '.br'],
    ['gzip', 'gzip', '.gz'],
    ['gzip, deflate, br, zstd', 'br', '.br'],
    ['br;q=0, gzip', 'gzip', '.gz'],
  ])(
    'answers Accept-Encoding "%s" with the %s file written at build time',
    async (accept, encoding, suffix) => {
      const plain = await app.inject({ method: 'GET', url: ENTRY });
      const response = await app.inject({
        method: 'GET',
        url: ENTRY,
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe(plain.headers['content-type']);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varyNamesAcceptEncoding(response)).toBe(true);
      const stored = readFileSync(path.join(client, `${ENTRY}${suffix}`));
      expect(Number(response.headers['content-length'])).toBe(stored.length);
      expect(response.rawPayload).toEqual(stored);
      expect(decode(response)).toEqual(original());
    },
  );

  it('sends the file as built to a client that accepts no compression, still varying on the header', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await app.inject({ method: 'GET', url: ENTRY, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(original().length);
      expect(response.rawPayload).toEqual(original());
      expect(varyNamesAcceptEncoding(response)).toBe(true);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends small files as they are, whatever the client accepts', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/tiny-Ij90Kl12.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(FILES['assets/tiny-Ij90Kl12.js']);
  });

  it('answers HEAD with the headers of the chosen encoding and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: ENTRY, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'])).toBe(
      readFileSync(path.join(client, `${ENTRY}.br`)).length,
    );
    expect(response.rawPayload.length).toBe(0);
  });

  it('answers a range of the representation it chose', async () => {
    const plain = await app.inject({ method: 'GET', url: ENTRY, headers: { range: 'bytes=0-99' } });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(original().subarray(0, 100));

    const encoded = await app.inject({
      method: 'GET',
      url: ENTRY,
      headers: { range: 'bytes=0-99', 'accept-encoding': 'br' },
    });
    expect(encoded.statusCode).toBe(206);
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(encoded.rawPayload).toEqual(readFileSync(path.join(client, `${ENTRY}.br`)).subarray(0, 100));
  });

  it('serves the files outside assets/ precompressed too, with their shorter cache', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(decode(response).toString()).toBe(FILES['favicon.svg']);
  });
});

describe('responses rendered per request', () => {
  it.each(['br', 'gzip'])(
    'compresses a server-rendered page in one pass, its length known, with %s',
    async (encoding) => {
      const plain = await app.inject({ method: 'GET', url: '/' });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toContain('<li>Sala 200: luz natural y cocina equipada</li>');
      expect(varyNamesAcceptEncoding(plain)).toBe(true);
      expect(plain.headers['content-encoding']).toBeUndefined();

      const response = await app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(varyNamesAcceptEncoding(response)).toBe(true);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      // The bridge hands Fastify the whole document, so it is compressed at once, not as a stream.
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.headers['transfer-encoding']).toBeUndefined();
      expect(decode(response).toString()).toBe(plain.body);
    },
  );

  it('compresses the data of a client navigation', async () => {
    const plain = await app.inject({ method: 'GET', url: '/_root.data' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('Sala 200');
    const response = await app.inject({
      method: 'GET',
      url: '/_root.data',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(varyNamesAcceptEncoding(response)).toBe(true);
    expect(decode(response).toString()).toBe(plain.body);
  });

  it.each(['br', 'gzip'])('compresses API JSON with %s, decoding to the same document', async (encoding) => {
    const person = await signUp(app);
    const update = await app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { ...browser(person.cookie), 'accept-encoding': encoding },
      payload: {
        firstName: 'Lucía',
        lastName: 'García',
        bio: 'Cocina de producción en Lavapiés. '.repeat(60),
      },
    });
    expect(update.statusCode).toBe(200);
    expect(update.headers['content-encoding']).toBe(encoding);
    expect(JSON.parse(decode(update).toString()).bio).toContain('Lavapiés');

    const plain = await app.inject({ method: 'GET', url: `/api/users/${person.id}` });
    const response = await app.inject({
      method: 'GET',
      url: `/api/users/${person.id}`,
      headers: { 'accept-encoding': encoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(varyNamesAcceptEncoding(response)).toBe(true);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(decode(response).toString())).toEqual(plain.json());
  });

  it('leaves responses under 1 KB uncompressed: the encoding would cost more than it saves', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('headers of the files a page loads', () => {
  const DOCUMENT_ONLY = [
    'content-security-policy',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
  ];

  it('leaves the page-only security headers off scripts and styles, keeping nosniff and CORP', async () => {
    for (const url of [ENTRY, '/assets/app-Ef56Gh78.css', `/${PHOTO}`]) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      for (const name of DOCUMENT_ONLY) expect(response.headers[name], `${url} ${name}`).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('keeps them on pages, API answers and a worker script, which runs under its own policy', async () => {
    for (const url of ['/', '/api/health', '/assets/solver.worker-Qr78St90.js']) {
      const response = await app.inject({ method: 'GET', url });
      for (const name of DOCUMENT_ONLY) expect(response.headers[name], `${url} ${name}`).toBeDefined();
    }
  });
});
