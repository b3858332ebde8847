import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findClockReads } from './check-one-clock.mjs';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');

// A scratch copy of the project's lint configuration, so probes never touch the real source tree.
const scratch = mkdtempSync(path.join(tmpdir(), 'hora-boundaries-'));
const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
delete config.$schema;
config.vcs = { enabled: false };
writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function place(file: string, source: string): string {
  const target = path.join(scratch, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, source);
  return target;
}

/** Lints `source` as a file at `file` (relative to the project). */
function lint(file: string, source: string) {
  const target = place(file, source);
  const result = spawnSync(biome, ['lint', file], { cwd: scratch, encoding: 'utf8' });
  rmSync(target);
  return { failed: result.status !== 0, output: result.stdout + result.stderr };
}

const DRIZZLE_IMPORTS = [
  "import { sql } from 'drizzle-orm';\nexport const query = sql;\n",
  "import { pgTable } from 'drizzle-orm/pg-core';\nexport const table = pgTable;\n",
  "import { users } from '../../db/schema/index.ts';\nexport const table = users;\n",
  "import { drizzleAdapter } from 'better-auth/adapters/drizzle';\nexport const adapter = drizzleAdapter;\n",
];

describe('lint keeps Drizzle behind the server’s repositories', () => {
  it.each(DRIZZLE_IMPORTS)('rejects %j in a service, a route, a job or an HTTP helper', (source) => {
    for (const file of [
      'apps/server/src/modules/account/service.ts',
      'apps/server/src/modules/health/routes.ts',
      'apps/server/src/jobs/captcha-redemptions.ts',
      'apps/server/src/http/rate-limit.ts',
    ]) {
      const result = lint(file, source);
      expect(result.failed, file).toBe(true);
      expect(result.output).toContain('noRestrictedImports');
    }
  });

  it.each(DRIZZLE_IMPORTS)('accepts %j in repositories, db/, seed/ and tests', (source) => {
    for (const file of [
      'apps/server/src/modules/account/repository.ts',
      'apps/server/src/http/rate-limit-repository.ts',
      'apps/server/src/db/executor.ts',
      'apps/server/src/seed/demo-users.ts',
      'apps/server/src/modules/images/routes.test.ts',
    ]) {
      expect(lint(file, source).failed, file).toBe(false);
    }
  });

  it('accepts the database handle itself outside repositories', () => {
    const source = "import type { Database } from '../../db/client.ts';\nexport type Handle = Database;\n";
    expect(lint('apps/server/src/modules/account/service.ts', source).failed).toBe(false);
  });
});

describe('check-one-clock', () => {
  const script = path.join(import.meta.dirname, 'check-one-clock.mjs');
  const run = (serverSrc: string) => spawnSync(process.execPath, [script, serverSrc], { encoding: 'utf8' });

  it('passes on the server as it is', () => {
    const result = run(path.join(root, 'apps', 'server', 'src'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.each([
    ['modules/booking/service.ts', 'const now = new Date();', 'new Date() reads the clock'],
    ['jobs/reminders.ts', 'const at = Date.now();', 'Date.now() reads the clock'],
    ['http/cookies.ts', 'const stamp = Date();', 'Date() reads the clock'],
    ['adapters/payments/stripe.ts', 'const t = Temporal.Now.instant();', 'Temporal.Now reads the clock'],
  ])('fails on a planted clock read in %s', (file, line, reason) => {
    const serverSrc = mkdtempSync(path.join(tmpdir(), 'hora-clock-'));
    try {
      mkdirSync(path.join(serverSrc, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(serverSrc, file), `export function f() {\n  ${line}\n}\n`);
      const result = run(serverSrc);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`apps/server/src/${file}:2: ${reason}`);
    } finally {
      rmSync(serverSrc, { recursive: true, force: true });
    }
  });

  it('accepts dates built from a value, durations, comments, tests and the clock itself', () => {
    const serverSrc = mkdtempSync(path.join(tmpdir(), 'hora-clock-'));
    try {
      mkdirSync(path.join(serverSrc, 'modules', 'x'), { recursive: true });
      writeFileSync(
        path.join(serverSrc, 'modules', 'x', 'service.ts'),
        [
          'const a = new Date(clock.now().getTime() + 1000);',
          "const b = new Date('2026-03-29T01:00:00Z');",
          'const started = performance.now();',
          '// new Date() is not allowed here',
        ].join('\n'),
      );
      writeFileSync(path.join(serverSrc, 'modules', 'x', 'service.test.ts'), 'const now = new Date();\n');
      writeFileSync(path.join(serverSrc, 'clock.ts'), 'export const now = () => new Date();\n');
      expect(findClockReads(serverSrc)).toEqual([]);
    } finally {
      rmSync(serverSrc, { recursive: true, force: true });
    }
  });
});
