import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_PASSWORD_FILE, startEmbeddedPostgres } from '../src/db/embedded.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-embedded-password-'));
const logger = pino({ level: 'silent' });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function canConnect(url: string, password: string): Promise<boolean | string> {
  const { hostname, port } = new URL(url);
  const client = new pg.Client({
    host: decodeURIComponent(hostname),
    port: Number(port),
    user: 'postgres',
    password,
    database: 'postgres',
  });
  try {
    await client.connect();
    return true;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the embedded PostgreSQL password', () => {
  it('is generated per data folder, kept with mode 0600, and the well-known one is refused', async () => {
    const server = await startEmbeddedPostgres({ dataDir, logger, database: 'postgres' });
    try {
      const file = path.join(dataDir, DATABASE_PASSWORD_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(32);
      expect(decodeURIComponent(new URL(server.url).password)).toBe(password);
      expect(await canConnect(server.url, password)).toBe(true);
      expect(await canConnect(server.url, 'postgres')).toBe('28P01');
    } finally {
      await server.stop();
    }
  });

  it('replaces the legacy password of a cluster made by an older release at its next start', async () => {
    // Put the cluster back as an older release left it: the well-known password and no file.
    const first = await startEmbeddedPostgres({ dataDir, logger, database: 'postgres' });
    const admin = new pg.Client({ connectionString: first.url });
    await admin.connect();
    await admin.query(`ALTER ROLE postgres PASSWORD 'postgres'`);
    await admin.end();
    await first.stop();
    rmSync(path.join(dataDir, DATABASE_PASSWORD_FILE));

    const second = await startEmbeddedPostgres({ dataDir, logger, database: 'postgres' });
    try {
      const password = readFileSync(path.join(dataDir, DATABASE_PASSWORD_FILE), 'utf8').trim();
      expect(await canConnect(second.url, password)).toBe(true);
      expect(await canConnect(second.url, 'postgres')).toBe('28P01');
    } finally {
      await second.stop();
    }
  });
});
