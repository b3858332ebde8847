import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot, startServer } from '../support/server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** PostgreSQL processes serving this test's data folder. */
function postgresProcesses(): string[] {
  const list = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return list.split('\n').filter((line) => line.includes('postgres') && line.includes(dataDir));
}

describe('the server process', () => {
  it('stops the embedded PostgreSQL on SIGTERM and reuses its data on the next start', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    expect(postgresProcesses().length).toBeGreaterThan(0);
    const marker = await fetch(`${first.url}/api/health`);
    expect(await marker.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(postgresProcesses()).toEqual([]);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await startServer({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('creating the embedded PostgreSQL cluster');
    expect(await second.stop('SIGINT')).toBe(0);
    expect(postgresProcesses()).toEqual([]);
  });

  it('refuses a data folder that another running server owns', async () => {
    const running = await startServer({ DATA_DIR: dataDir });
    const second = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'error' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stdout + second.stderr).toContain('is already using');
    expect(await running.stop()).toBe(0);
    expect(postgresProcesses()).toEqual([]);
  });

  it('exits with every configuration problem named when the configuration is bad', () => {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
      env: { ...process.env, PORT: 'abc', DATABASE_URL: 'http://not-postgres' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT: must be a whole number between 1 and 65535');
    expect(result.stderr).toContain('DATABASE_URL: must be a PostgreSQL URL');
  });
});
