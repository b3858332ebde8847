import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server runs from `src/` (tsx, tests) and bundled from `dist/`; both find their files from the
 * package root, located by walking up to the `@hora/server` package.json.
 */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@hora/server')
      return dir;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot locate the @hora/server package root');
}

export const serverRoot = findPackageRoot();
export const repositoryRoot = path.resolve(serverRoot, '..', '..');
export const migrationsDir = path.join(serverRoot, 'drizzle');
export const webBuildDir = path.join(serverRoot, '..', 'web', 'build');
