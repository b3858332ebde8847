// Biome forbids impure imports and globals in packages/core; this adds the one rule it cannot
// express: the domain never reads the clock (`Date.now()`, `new Date()` with no argument).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../packages/core/src', import.meta.url).pathname;
const forbidden = [
  { pattern: /\bDate\.now\s*\(/, why: 'Date.now() reads the clock' },
  { pattern: /\bnew\s+Date\s*\(\s*\)/, why: 'new Date() reads the clock' },
  { pattern: /\bDate\s*\(\s*\)/, why: 'Date() reads the clock' },
  { pattern: /\bTemporal\.Now\b/, why: 'Temporal.Now reads the clock' },
  { pattern: /\bMath\.random\s*\(/, why: 'Math.random() is not deterministic' },
  { pattern: /\bimport\s*\(/, why: 'dynamic import is I/O' },
  { pattern: /\brequire\s*\(/, why: 'require() is I/O' },
];

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

const problems = [];
for (const file of sourceFiles(root)) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (/^\s*(\/\/|\*)/.test(line)) return;
      for (const { pattern, why } of forbidden) {
        if (pattern.test(line))
          problems.push(`packages/core/src/${relative(root, file)}:${index + 1}: ${why}`);
      }
    });
}

if (problems.length > 0) {
  console.error(`packages/core must stay pure:\n${problems.join('\n')}`);
  process.exit(1);
}
