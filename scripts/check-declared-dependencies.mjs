// Every workspace declares the packages its code imports, so `npm ci` of that workspace alone (or a
// hoisting change) can never leave an import resolving by luck. Runs in `npm run lint` and in
// scripts/declared-dependencies.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WORKSPACES = ['packages/core', 'apps/server', 'apps/web', 'e2e', 'bench'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', '.react-router', 'artifacts']);
const BUILTINS = new Set(builtinModules);

// `import x from 'p'`, `import 'p'`, `export … from 'p'`, `import('p')`, `vi.mock('p')`.
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"]+)['"]|(?:import|mock)\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The package an import names: `@scope/name` or `name`; undefined for relative paths. */
export function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('~/')) return undefined;
  if (specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0])) return undefined;
  // Virtual modules of the build tools (React Router's `virtual:…`, Vite's `/@vite/…`).
  if (specifier.startsWith('virtual:') || specifier.startsWith('+')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Packages imported by one source text. */
export function importedPackages(source) {
  const found = new Set();
  for (const match of source.matchAll(SPECIFIER)) {
    const name = packageOf(match[1] ?? match[2]);
    if (name) found.add(name);
  }
  return found;
}

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(m?[jt]sx?)$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** `workspace/file: imports name, which workspace/package.json does not declare`, for each case. */
export function undeclaredImports(root) {
  const problems = [];
  for (const workspace of WORKSPACES) {
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
    const declared = new Set([
      manifest.name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.devDependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    // Types-only packages are declared as `@types/x` for `x`.
    const hasTypes = (name) => declared.has(`@types/${name.replace(/^@/, '').replace('/', '__')}`);
    // Tools of the whole repository (vitest, fast-check, typescript) are the root's.
    const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const shared = new Set(Object.keys(rootManifest.devDependencies ?? {}));
    for (const file of sourceFiles(join(root, workspace))) {
      for (const name of importedPackages(readFileSync(file, 'utf8'))) {
        if (declared.has(name) || hasTypes(name) || shared.has(name)) continue;
        problems.push(
          `${relative(root, file)}: imports ${name}, which ${workspace}/package.json does not declare`,
        );
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = undeclaredImports(fileURLToPath(new URL('..', import.meta.url)));
  if (problems.length > 0) {
    console.error(`Each workspace must declare what it imports:\n${problems.join('\n')}`);
    process.exit(1);
  }
}
