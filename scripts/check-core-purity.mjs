// Biome forbids impure imports and globals in packages/core; this adds the rules it cannot
// express: the domain never reads the clock (`Date.now()`, `new Date()` with no argument) and is
// deterministic.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Ways to read the time of day; `new Date(value)` with an argument reads nothing. */
export const CLOCK_READS = [
  { pattern: /\bDate\.now\s*\(/, why: 'Date.now() reads the clock' },
  { pattern: /\bnew\s+Date\s*\(\s*\)/, why: 'new Date() reads the clock' },
  { pattern: /(?<![.\w]|new\s+)Date\s*\(\s*\)/, why: 'Date() reads the clock' },
  { pattern: /\bTemporal\.Now\b/, why: 'Temporal.Now reads the clock' },
];

const FORBIDDEN = [
  ...CLOCK_READS,
  { pattern: /\bMath\.random\s*\(/, why: 'Math.random() is not deterministic' },
  { pattern: /\bcrypto\.(randomUUID|getRandomValues)\s*\(/, why: 'randomness is not deterministic' },
  { pattern: /(?<![.\w])import\s*\(/, why: 'dynamic import is I/O' },
  { pattern: /(?<![.\w])require\s*\(/, why: 'require() is I/O' },
];

/** Lines of one source file that match any of `rules`, as `file:line: reason`; comments are skipped. */
export function findLines(source, file, rules) {
  const problems = [];
  source.split('\n').forEach((line, index) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    for (const { pattern, why } of rules) {
      if (pattern.test(line)) problems.push(`${file}:${index + 1}: ${why}`);
    }
  });
  return problems;
}

/** Lines of one source file that break the purity rules, as `file:line: reason`. */
export function findImpurities(source, file) {
  return findLines(source, file, FORBIDDEN);
}

/** The TypeScript files under `dir`, tests left out. */
export function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../packages/core/src', import.meta.url));
  const problems = [...sourceFiles(root)].flatMap((file) =>
    findImpurities(readFileSync(file, 'utf8'), `packages/core/src/${relative(root, file)}`),
  );
  if (problems.length > 0) {
    console.error(`packages/core must stay pure:\n${problems.join('\n')}`);
    process.exit(1);
  }
}
