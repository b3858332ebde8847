import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedPostgresUrl, SOCKET_DIRECTORY, startEmbeddedPostgres } from '../src/db/embedded.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'hora-embedded-socket-'));
// As root, PostgreSQL runs as `postgres`, which must be able to pass through to the data folders.
chmodSync(scratch, 0o755);
const logger = pino({ level: 'silent' });
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function listenAddresses(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ listen_addresses: string }>('show listen_addresses');
    return rows[0]?.listen_addresses ?? 'none';
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL address', () => {
  it('is a Unix socket in a folder only its owner may enter, with no TCP port', async () => {
    // A space and a comma in the path: the socket setting is a list, so the folder goes quoted.
    const dataDir = path.join(scratch, 'My data, here');
    const server = await startEmbeddedPostgres({ dataDir, logger, database: 'postgres' });
    try {
      const socketDir = path.join(dataDir, SOCKET_DIRECTORY);
      expect(decodeURIComponent(new URL(server.url).hostname)).toBe(socketDir);
      expect(statSync(socketDir).mode & 0o777).toBe(0o700);
      expect(existsSync(path.join(socketDir, '.s.PGSQL.5432'))).toBe(true);
      expect(await listenAddresses(server.url)).toBe('');
      // A second process finds the same server from the data folder alone.
      expect(runningEmbeddedPostgresUrl(dataDir, 'postgres')).toBe(server.url);
    } finally {
      await server.stop();
    }
  });

  it('falls back to 127.0.0.1 when the data folder is too deep for a socket path', async () => {
    const dataDir = path.join(scratch, 'd'.repeat(100));
    mkdirSync(dataDir);
    const server = await startEmbeddedPostgres({ dataDir, logger, database: 'postgres' });
    try {
      expect(new URL(server.url).hostname).toBe('127.0.0.1');
      expect(await listenAddresses(server.url)).toBe('127.0.0.1');
      expect(existsSync(path.join(dataDir, SOCKET_DIRECTORY))).toBe(false);
      expect(runningEmbeddedPostgresUrl(dataDir, 'postgres')).toBe(server.url);
    } finally {
      await server.stop();
    }
  });
});
