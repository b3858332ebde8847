import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths.ts';

const tsx = path.join(serverRoot, '..', '..', 'node_modules', '.bin', 'tsx');

describe('start-up with bad configuration', () => {
  it('stops before touching anything, names each problem and exits non-zero', () => {
    const result = spawnSync(tsx, [path.join(serverRoot, 'src', 'main.ts')], {
      env: { ...process.env, PORT: 'abc', DATABASE_URL: 'not-a-url', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT: must be a whole number between 1 and 65535');
    expect(result.stderr).toContain('DATABASE_URL: must be a PostgreSQL URL');
  });

  it('refuses production without AUTH_SECRET, and production with the development mailbox', () => {
    const dataDir = '/nonexistent/never-created';
    const result = spawnSync(tsx, [path.join(serverRoot, 'src', 'main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        AUTH_SECRET: '',
        DEV_MAILBOX: 'true',
        DATA_DIR: dataDir,
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('AUTH_SECRET: is required in production');
    expect(result.stderr).toContain('DEV_MAILBOX: must not be enabled in production');
    // No secret was generated for it.
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses production with the test clock, whatever else is right', () => {
    const dataDir = '/nonexistent/never-created';
    const result = spawnSync(tsx, [path.join(serverRoot, 'src', 'main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        AUTH_SECRET: randomBytes(32).toString('base64url'),
        DEV_MAILBOX: '',
        TEST_CLOCK: 'true',
        DATA_DIR: dataDir,
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('TEST_CLOCK: must not be enabled in production');
    expect(result.stderr).not.toContain('AUTH_SECRET');
    expect(result.stdout).not.toContain('Test clock');
    expect(existsSync(dataDir)).toBe(false);
  });
});
