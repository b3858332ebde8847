// The server reads the time only through its clock (apps/server/src/clock.ts), which tests and
// TEST_CLOCK runs move: nothing in the folders below may read the machine's clock itself. Durations
// for timeouts (`performance.now()`) are not readings of the time and are allowed.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLOCK_READS, findLines, sourceFiles } from './check-core-purity.mjs';

/** Folders of apps/server/src that receive the clock instead of reading one. */
export const CLOCK_USERS = ['modules', 'jobs', 'http', 'adapters'];

/** Every clock read in the clock users under `serverSrc`, as `file:line: reason`. */
export function findClockReads(serverSrc) {
  return CLOCK_USERS.map((folder) => join(serverSrc, folder))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => [...sourceFiles(dir)])
    .flatMap((file) =>
      findLines(readFileSync(file, 'utf8'), relative(serverSrc, file), CLOCK_READS).map(
        (problem) => `apps/server/src/${problem}`,
      ),
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const serverSrc = process.argv[2] ?? fileURLToPath(new URL('../apps/server/src', import.meta.url));
  const problems = findClockReads(serverSrc);
  if (problems.length > 0) {
    console.error(
      `The server reads the time through its Clock (apps/server/src/clock.ts), passed in:\n${problems.join('\n')}`,
    );
    process.exit(1);
  }
}
