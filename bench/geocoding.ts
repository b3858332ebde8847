import { statSync } from 'node:fs';
import { createGazetteerGeocoder } from '../apps/server/src/adapters/geocoding/gazetteer.ts';
import { citiesDataFile } from '../apps/server/src/adapters/geocoding/gazetteer-data.ts';
import { median, percentile, report } from './support.ts';

const RUNS = 5000;
/** What people type while looking for a place: short starts, whole names, accents, commas. */
const QUERIES = [
  'm',
  'ma',
  'madr',
  'madrid',
  'a',
  'bar',
  'barcelona',
  'val',
  'sevi',
  'malaga',
  'a coru',
  'san',
  'la',
  'valencia, esp',
  'xqzw',
  'lond',
  'zü',
];

function heapUsed(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

/**
 * The offline gazetteer: loading the data set once (time and heap kept), and the time of one
 * prediction over ~62 000 European places (budget: p95 under 2 ms).
 */
export async function benchGeocoding(): Promise<void> {
  const geocoder = createGazetteerGeocoder();
  const heapBefore = heapUsed();
  const loadStarted = performance.now();
  const { records, index } = geocoder.warm();
  const loadMs = performance.now() - loadStarted;
  const retainedMiB = (heapUsed() - heapBefore) / 2 ** 20;
  const data = { places: records.length, keys: index.size, dataFileBytes: statSync(citiesDataFile()).size };
  report('geocoding.gazetteer.load', loadMs, 'ms', 1, data);
  report('geocoding.gazetteer.heap', retainedMiB, 'MiB', 1, {
    ...data,
    note: (globalThis as { gc?: unknown }).gc ? 'after GC' : 'run with --expose-gc for an exact figure',
  });

  for (const query of QUERIES) await geocoder.predict(query, { locale: 'es', limit: 5 });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const query = QUERIES[i % QUERIES.length] as string;
    const started = performance.now();
    await geocoder.predict(query, { locale: i % 2 === 0 ? 'es' : 'en', limit: 5 });
    times.push(performance.now() - started);
  }
  report('geocoding.gazetteer.predict.median', median(times), 'ms', RUNS, {
    ...data,
    queries: QUERIES.length,
  });
  report('geocoding.gazetteer.predict.p95', percentile(times, 95), 'ms', RUNS, { ...data, budget: 2 });
}
