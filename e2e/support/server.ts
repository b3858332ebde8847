import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runningEmbeddedPostgresUrl } from '../../apps/server/src/db/embedded.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const serverEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** The link to the development mailbox the server printed at start (DEV_MAILBOX=true only). */
  mailboxLink(): Promise<string>;
  /** The key of the test clock the server printed at start (TEST_CLOCK=true only). */
  testClockKey(): Promise<string>;
  /**
   * Where its embedded PostgreSQL listens (the port in `postmaster.pid`, the password file of the
   * data folder): operator commands (`npm run ops`) run against the running server's database.
   */
  databaseUrl(): string;
  dataDir: string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const MAILBOX_LINE = /^Development mailbox: (\S+)$/m;
const TEST_CLOCK_LINE = /^Test clock: key (\S+)$/m;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the built server (`npm run build` first) as a real process. Without DATABASE_URL in `env`
 * it runs on a fresh embedded PostgreSQL in a temporary data folder, removed on stop.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'hora-e2e-'));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    // Development mode, as after `npm start` on a fresh clone; the build is the production one. The
    // dev mailbox stays off unless `env` turns it on (DEV_MAILBOX=true).
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  await waitForHealthy(url, exited, () => output);

  /** What the server printed for the person who started it, right after listening. */
  async function printedLine(line: RegExp, what: string): Promise<string> {
    // The pipe may hand it over a little after the health check.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const value = line.exec(output)?.[1];
      if (value) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`The server printed no ${what}:\n${output}`);
  }

  return {
    url,
    process: child,
    output: () => output,
    mailboxLink: () => printedLine(MAILBOX_LINE, 'development mailbox link'),
    testClockKey: () => printedLine(TEST_CLOCK_LINE, 'test clock key'),
    dataDir,
    databaseUrl() {
      if (env.DATABASE_URL) return env.DATABASE_URL;
      return runningEmbeddedPostgresUrl(dataDir);
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

async function waitForHealthy(
  url: string,
  exited: Promise<number | null>,
  output: () => string,
): Promise<void> {
  let stopped = false;
  void exited.then(() => (stopped = true));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`The server exited during start-up:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy within 90 s:\n${output()}`);
}
