import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/support/server.ts';
import { median, percentile, report } from './support.ts';

const RUNS = 5;

function residentMemoryMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kib / 1024;
}

/**
 * Start-up time of the built server (what `npm start` runs after building) until /api/health
 * answers, on an existing embedded database; and the server's resident memory once idle.
 */
export async function benchServerStart(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-bench-'));
  try {
    const firstStarted = performance.now();
    const first = await startServer({ DATA_DIR: dataDir });
    const firstStart = performance.now() - firstStarted;
    await first.stop();
    report('server.startup.emptyDatabase', firstStart, 'ms', 1, {
      note: 'initdb + migrations + demo data + listen',
    });

    const startups: number[] = [];
    const memory: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const server = await startServer({ DATA_DIR: dataDir });
      startups.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      memory.push(residentMemoryMiB(server.process.pid!));
      await server.stop();
    }
    report('server.startup.existingDatabase.median', median(startups), 'ms', RUNS);
    report('server.startup.existingDatabase.p95', percentile(startups, 95), 'ms', RUNS);
    report('server.memory.idleRss.median', median(memory), 'MiB', RUNS, {
      note: 'Node process only, 2 s after healthy; the embedded PostgreSQL is a separate process',
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
