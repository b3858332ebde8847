import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findImpurities } from './check-core-purity.mjs';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');

// A scratch copy of the project's lint configuration, so probes never touch the real source tree.
const scratch = mkdtempSync(path.join(tmpdir(), 'hora-lint-'));
const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
delete config.$schema;
config.vcs = { enabled: false };
writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Lints `source` as a file at `file` (relative to the project), so the packages/core rules apply. */
function lint(file: string, source: string) {
  const target = path.join(scratch, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, source);
  const result = spawnSync(biome, ['lint', file], { cwd: scratch, encoding: 'utf8' });
  rmSync(target);
  return { failed: result.status !== 0, output: result.stdout + result.stderr };
}

describe('lint keeps packages/core pure', () => {
  it.each([
    ["import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n", 'no Node.js modules'],
    ["import pg from 'pg';\nexport const driver = pg;\n", 'no database access'],
    ["import { eq } from 'drizzle-orm';\nexport const equals = eq;\n", 'no database access'],
    ["import Fastify from 'fastify';\nexport const server = Fastify;\n", 'no HTTP'],
    ["import { useState } from 'react';\nexport const hook = useState;\n", 'no React'],
    ['export const port = process.env.PORT;\n', 'process'],
  ])('rejects %j', (source, message) => {
    const result = lint('packages/core/src/probe.ts', source);
    expect(result.failed).toBe(true);
    expect(result.output).toContain(message);
  });

  it('accepts the same imports outside packages/core', () => {
    expect(lint('apps/server/src/probe.ts', "import pg from 'pg';\nexport const driver = pg;\n").failed).toBe(
      false,
    );
  });

  it('accepts pure code in packages/core', () => {
    const source = "import { z } from 'zod';\nexport const title = z.string().max(60);\n";
    expect(lint('packages/core/src/probe.ts', source).failed).toBe(false);
  });
});

describe('findImpurities', () => {
  it.each([
    ['const now = Date.now();', 'Date.now() reads the clock'],
    ['const today = new Date();', 'new Date() reads the clock'],
    ['const text = Date();', 'Date() reads the clock'],
    ['const id = Math.random();', 'not deterministic'],
    ["const mod = await import('./x.ts');", 'dynamic import is I/O'],
  ])('flags %s', (line, reason) => {
    expect(findImpurities(line, 'f.ts')).toEqual([expect.stringContaining(reason)]);
  });

  it('accepts dates built from a given instant, and comments', () => {
    expect(
      findImpurities("const d = new Date('2026-03-29T01:00:00Z');\n// Date.now() is forbidden", 'f.ts'),
    ).toEqual([]);
    expect(findImpurities('const d = new Date(now);\nconst t = toDate();', 'f.ts')).toEqual([]);
  });
});
