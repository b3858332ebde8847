import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalImageStorage } from '../src/adapters/storage/index.ts';
import { errorCode } from './accounts.ts';
import { buildTestApp } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://hora.example',
};

async function get(app: FastifyInstance, url: string, headers: Record<string, string>) {
  return app.inject({ method: 'GET', url, headers });
}

/** A request the DNS-rebinding guard answered: 421 with the catalogue's code. */
function expectRefused(response: Awaited<ReturnType<typeof get>>) {
  expect(response.statusCode, response.body).toBe(421);
  expect(errorCode(response)).toBe('host-not-allowed');
}

describe('Host check (DNS rebinding) outside production', () => {
  let app: FastifyInstance;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-host-'));

  beforeAll(async () => {
    app = await buildTestApp(database.db, { NODE_ENV: 'development', DATA_DIR: dataDir });
    const storage = createLocalImageStorage({ uploadsDir: path.join(dataDir, 'uploads') });
    await storage.put('avatars/probe/square-small.webp', Buffer.from('RIFF'), 'image/webp');
  });

  it.each([
    'evil.example',
    'evil.example:80',
    'hora.test.evil.example',
    '192.168.1.20:3000',
    'localhost.evil.example',
  ])('refuses Host %s for API reads, uploads and unknown paths alike', async (host) => {
    for (const url of [
      '/api/session',
      '/api/docs/json',
      '/uploads/avatars/probe/square-small.webp',
      '/nothing',
    ]) {
      expectRefused(await get(app, url, { host }));
    }
  });

  it('refuses a Host that only pretends to be ours', async () => {
    for (const host of [
      'evil.example@hora.test',
      'hora.test@evil.example',
      'hora.test/evil',
      'hora.test:80:80',
    ]) {
      expectRefused(await get(app, '/api/session', { host }));
    }
  });

  it.each(['hora.test', 'hora.test:8080', 'localhost', 'localhost:5173', '127.0.0.1:3000', '[::1]:3000'])(
    'accepts the public host and loopback hosts, any port (%s)',
    async (host) => {
      const response = await get(app, '/api/session', { host });
      expect(response.statusCode, response.body).toBe(200);
    },
  );

  it('serves files to loopback hosts', async () => {
    const file = await get(app, '/uploads/avatars/probe/square-small.webp', { host: '127.0.0.1:3000' });
    expect(file.statusCode).toBe(200);
  });
});

describe('Host check in production', () => {
  it('accepts only the host of PUBLIC_URL', async () => {
    const app = await buildTestApp(database.db, PRODUCTION);
    expect((await get(app, '/api/session', { host: 'hora.example' })).statusCode).toBe(200);
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'evil.example']) {
      expectRefused(await get(app, '/api/session', { host }));
    }
  });

  it('answers health checks whatever the Host, so probes by address keep working', async () => {
    const app = await buildTestApp(database.db, PRODUCTION);
    for (const host of ['10.0.0.5:3000', 'localhost:3000']) {
      const response = await get(app, '/api/health', { host });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    }
  });

  it('reads the forwarded host behind a trusted proxy, and only then', async () => {
    const behindProxy = await buildTestApp(database.db, { ...PRODUCTION, TRUST_PROXY: 'true' });
    const viaProxy = { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https' };
    expect(
      (await get(behindProxy, '/api/session', { ...viaProxy, 'x-forwarded-host': 'hora.example' }))
        .statusCode,
    ).toBe(200);
    expectRefused(
      await get(behindProxy, '/api/session', { ...viaProxy, 'x-forwarded-host': 'evil.example' }),
    );

    const direct = await buildTestApp(database.db, PRODUCTION);
    expectRefused(
      await get(direct, '/api/session', { host: 'evil.example', 'x-forwarded-host': 'hora.example' }),
    );
  });
});
