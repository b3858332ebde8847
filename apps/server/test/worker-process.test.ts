import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths.ts';
import { createTestDatabase } from './database.ts';
import { enqueueVerification, outboxRow, waitFor } from './email-fixtures.ts';

const tsx = path.join(serverRoot, '..', '..', 'node_modules', '.bin', 'tsx');
const databases = [await createTestDatabase(), await createTestDatabase()];

/**
 * The processes' data folder (the signing secret they generate): a scratch one, not the repository's
 * `.data`, which the test run's embedded PostgreSQL must still be able to enter.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-worker-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A port already taken: a process that tried to serve HTTP on it would fail to start. */
const taken = net.createServer();
await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));
const takenPort = String((taken.address() as net.AddressInfo).port);

/** Starts an entry point as its own process on a test database; its log messages are collected. */
function start(entry: string, args: string[], databaseUrl: string) {
  const child: ChildProcess = spawn(tsx, [path.join(serverRoot, 'src', entry), ...args], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PORT: takenPort,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const messages: string[] = [];
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) messages.push(line.startsWith('{') ? JSON.parse(line).msg : line);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, messages, exited };
}

// Compiling the whole server with tsx takes a while on a busy machine: both run side by side.
describe.concurrent('a worker-only process', () => {
  it.each([
    ['npm run worker', 'worker.ts', [], 0],
    ['main.js --no-http', 'main.ts', ['--no-http'], 1],
  ] as const)(
    '(%s) migrates, runs the jobs without HTTP, and stops cleanly on SIGTERM',
    async (_, entry, args, n) => {
      const database = databases[n]!;
      const worker = start(entry, [...args], database.url);
      try {
        const started = ['ready', 'start-up failed'];
        await waitFor(async () => worker.messages.some((message) => started.includes(message)), 80_000);
        expect(worker.messages).not.toContain('start-up failed');
        expect(worker.messages).toContain('background jobs are running');
        // No SMTP server configured: the delivery job keeps the email for the dev mailbox.
        const id = await enqueueVerification(database.db, 'worker@example.com');
        await waitFor(async () => (await outboxRow(database.db, id)).status === 'kept', 15_000);
        worker.child.kill('SIGTERM');
        expect(await worker.exited).toBe(0);
        expect(worker.messages).toContain(
          'shutting down: draining requests and jobs, then stopping the database',
        );
      } finally {
        worker.child.kill('SIGKILL');
      }
    },
    120_000,
  );
});
