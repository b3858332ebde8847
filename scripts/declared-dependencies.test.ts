import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';
import {
  importedPackages,
  packageOf,
  undeclaredImports,
  WORKSPACES,
} from './check-declared-dependencies.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('declared dependencies', () => {
  it('every workspace declares each package its code imports', () => {
    expect(undeclaredImports(root)).toEqual([]);
  });

  it('names the package of an import, and nothing for relative paths, built-ins and virtual modules', () => {
    expect(packageOf('zod')).toBe('zod');
    expect(packageOf('@hora/core/validation')).toBe('@hora/core');
    expect(packageOf('libphonenumber-js/min')).toBe('libphonenumber-js');
    for (const local of [
      './x.ts',
      '../y',
      'node:fs',
      'fs',
      'path/posix',
      'virtual:react-router/server-build',
    ]) {
      expect(packageOf(local), local).toBeUndefined();
    }
    expect(
      importedPackages(
        "import a from 'a';\nimport type { B } from '@b/c/d';\nexport { e } from 'e';\nconst f = await import('f');\nimport 'g';",
      ),
    ).toEqual(new Set(['a', '@b/c', 'e', 'f', 'g']));
  });

  it('finds an import a workspace does not declare', () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'hora-deps-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));
    writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ devDependencies: { vitest: '4' } }));
    for (const workspace of WORKSPACES) {
      mkdirSync(path.join(scratch, workspace, 'src'), { recursive: true });
      writeFileSync(
        path.join(scratch, workspace, 'package.json'),
        JSON.stringify({ name: `@x/${workspace}` }),
      );
    }
    writeFileSync(
      path.join(scratch, 'packages/core/src/a.ts'),
      "import { z } from 'zod';\nimport { it } from 'vitest';\nimport fs from 'node:fs';\n",
    );
    expect(undeclaredImports(scratch)).toEqual([
      'packages/core/src/a.ts: imports zod, which packages/core/package.json does not declare',
    ]);
  });

  it('installs nothing that asks for a newer Node than 20 (npm ci prints no engine warning)', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string }; optional?: boolean }>;
    };
    const needNewer = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && !entry.optional)
      .filter(([, entry]) => !semver.satisfies('20.19.0', entry.engines!.node!))
      .map(([name, entry]) => `${name} (${entry.engines!.node})`);
    expect(needNewer).toEqual([]);
  });
});
