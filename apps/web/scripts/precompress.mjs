// Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside each text file of the
// client build, once at build time, so the server sends the smallest encoding a browser accepts
// without compressing anything per request. Run by `npm run build -w @hora/web`.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats only: images, fonts and archives are compressed already and would not shrink. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.wasm',
]);

/** Under about one network packet the encoding headers cost more than compression saves. */
export const MIN_BYTES = 1024;

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(file) : [file];
    }),
  );
  return nested.flat();
}

async function compressFile(file) {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = [];
  // A variant no smaller than the file is left out (and any older one removed, so it cannot be
  // served for new content): the server then sends the file itself.
  for (const [extension, encoded] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    if (encoded.length < source.length) {
      await writeFile(`${file}${extension}`, encoded);
      written.push(`${file}${extension}`);
    } else {
      await rm(`${file}${extension}`, { force: true });
    }
  }
  return written;
}

/** Precompresses every eligible file under `dir`; returns the paths of the files it wrote. */
export async function precompress(dir) {
  const files = await filesUnder(dir);
  const eligible = [];
  for (const file of files) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    if ((await stat(file)).size < MIN_BYTES) continue;
    eligible.push(file);
  }
  const written = await Promise.all(eligible.map(compressFile));
  return written.flat();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'build', 'client'));
  const started = performance.now();
  const written = await precompress(dir);
  console.info(
    `precompress: ${written.length} files (.br, .gz) under ${path.relative(process.cwd(), dir)} in ${Math.round(
      performance.now() - started,
    )} ms`,
  );
}
