import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CITY_PRESETS } from '@hora/core/config';
import { encodeBounds } from '@hora/core/search';
import { addDays, dateKeyAt } from '@hora/core/time';
import { searchRequestSchema } from '@hora/core/validation';
import { createImageStorage } from '../apps/server/src/adapters/storage/index.ts';
import { systemClock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { positionalSql } from '../apps/server/src/db/positional-sql.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { createListingImagesReader } from '../apps/server/src/modules/images/index.ts';
import { createListingCardsReader } from '../apps/server/src/modules/listings/cards.ts';
import { searchService } from '../apps/server/src/modules/search/service.ts';
import { resolveSecrets } from '../apps/server/src/secrets.ts';
import { fillBenchListings } from '../apps/server/src/seed/bench-listings.ts';
import { freePort, repoRoot } from '../e2e/support/server.ts';
import { median, percentile, report, timeToLastByte } from './support.ts';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
/** Budgets of issue 10: the API's p95, and its ratio to the same SQL run directly. */
const BUDGET_MS = 25;
const BUDGET_RATIO = 1.5;

const madrid = CITY_PRESETS.find((city) => city.name === 'Madrid');
if (!madrid) throw new Error('No Madrid preset');

function queries(now: Date): { name: string; query: Record<string, string> }[] {
  const bounds = encodeBounds(madrid!.bounds);
  const { ne, sw } = madrid!.bounds;
  const [latSpan, lngSpan] = [(ne.lat - sw.lat) / 20, (ne.lng - sw.lng) / 20];
  const [midLat, midLng] = [(ne.lat + sw.lat) / 2, (ne.lng + sw.lng) / 2];
  const middleHundredth = encodeBounds({
    ne: { lat: midLat + latSpan, lng: midLng + lngSpan },
    sw: { lat: midLat - latSpan, lng: midLng - lngSpan },
  });
  // Next Saturday in Madrid, two hours free at least.
  const today = dateKeyAt(now.getTime(), 'Europe/Madrid');
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const saturday = addDays(today, (6 - weekday + 7) % 7 || 7);
  const laterSaturday = addDays(saturday, 14);
  return [
    { name: 'box', query: { bounds } },
    { name: 'boxKeyword', query: { bounds, keywords: 'sala' } },
    { name: 'boxCategoryPrice', query: { bounds, pub_category: 'sala', price: '20,60' } },
    { name: 'boxDates', query: { bounds, dates: `${saturday},${saturday}`, minDuration: '120' } },
    // Beyond the five: hours too, which the day summary can only rule out (decision 0035).
    {
      name: 'boxDatesHours',
      query: { bounds, dates: `${saturday},${saturday}`, times: '10:00,14:00', minDuration: '120' },
    },
    { name: 'keywordCountry', query: { keywords: 'estudio' } },
    // Beyond the five: the Saturday two weeks after (15–21 days ahead), past the 16 days
    // (from yesterday) whose summaries the box's index carries (decision 0061): each candidate's
    // whole summary row is read.
    {
      name: 'boxDatesLater',
      query: {
        bounds,
        dates: `${laterSaturday},${laterSaturday}`,
        minDuration: '120',
      },
    },
    // Beyond the five: the highest price first, read backwards from its index (decision 0070).
    { name: 'boxPriceDesc', query: { bounds, sort: 'price' } },
    // A hundredth of the box (its middle): few enough matches that the page is read among them
    // rather than by walking the sort's index (decision 0063).
    {
      name: 'smallBoxDates',
      query: { bounds: middleHundredth, dates: `${saturday},${saturday}`, minDuration: '120' },
    },
  ];
}

async function startApi(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/search-server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = performance.now() + 60_000;
  while (!output.includes('listening')) {
    if (child.exitCode !== null || performance.now() > deadline)
      throw new Error(`API did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * `search.*`: the listing search with a hundred thousand listings. For each query, the API's time
 * to last byte (`search.api`) and the same statements the API runs (the search, the zones for a date
 * filter, the two card reads) straight on the database from this process (`search.sql`), taken in
 * turn so both see the same moment of a shared machine; and the slowest of the first five runs on a
 * new connection (`search.sql.*.newConnection.max`), which the warm-up hides from the others.
 */
export async function benchSearch(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-bench-search-'));
  const log = createLogger({ logLevel: 'warn', env: 'development' });
  const embedded = await startEmbeddedPostgres({ dataDir, logger: log });
  const connection = connectDatabase(embedded.url);
  try {
    await runMigrations(connection.pool);
    const env = { NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: embedded.url };
    const config = resolveSecrets(loadConfig({ ...process.env, ...env }));
    const storage = createImageStorage(config);
    const filled = await fillBenchListings(connection.db, {
      listings: LISTINGS,
      now: systemClock.now(),
      storage,
    });
    report('search.seed.benchListings', filled.milliseconds / 1000, 's', 1, { listings: filled.listings });
    await connection.db.execute(positionalSql('vacuum (analyze)'));
    await connection.db.execute(positionalSql('checkpoint'));

    const serviceOn = (db: typeof connection.db) =>
      searchService({
        db,
        clock: systemClock,
        cards: createListingCardsReader(db, {
          images: createListingImagesReader(db, storage),
          fuzzyLocation: config.maps.fuzzyLocation,
        }),
      });
    const service = serviceOn(connection.db);
    /**
     * The slowest of a new connection's first five runs of a search, this process warm: PostgreSQL
     * plans a prepared statement for its values on those (custom plans), with its catalogue caches
     * still empty on the first (decision 0082).
     */
    const firstRunsOnNewConnection = async (request: ReturnType<typeof searchRequestSchema.parse>) => {
      const fresh = connectDatabase(embedded.url, { max: 1 });
      try {
        await fresh.pool.query('select 1');
        const onFresh = serviceOn(fresh.db);
        const times: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          const started = performance.now();
          await onFresh.search(request);
          times.push(performance.now() - started);
        }
        return Math.max(...times);
      } finally {
        await fresh.close();
      }
    };
    const api = await startApi(env);
    try {
      for (const { name, query } of queries(systemClock.now())) {
        const url = `/api/listings?${new URLSearchParams(query)}`;
        const request = searchRequestSchema.parse(query);
        const viaApi = async () => (await timeToLastByte(api.url, url)).ms;
        const viaSql = async () => {
          const started = performance.now();
          await service.search(request);
          return performance.now() - started;
        };
        for (let i = 0; i < WARM_UP; i += 1) {
          await viaApi();
          await viaSql();
        }
        const apiTimes: number[] = [];
        const sqlTimes: number[] = [];
        // ROUNDS, or fewer for a slow query: a minute at most (at least 20 rounds).
        const until = performance.now() + 60_000;
        for (let i = 0; i < ROUNDS && (i < 20 || performance.now() < until); i += 1) {
          apiTimes.push(await viaApi());
          sqlTimes.push(await viaSql());
        }
        const result = await service.search(request);
        const extra = { query: url, totalItems: result.meta.totalItems };
        report(`search.sql.${name}.newConnection.max`, await firstRunsOnNewConnection(request), 'ms', 5, {
          note: 'slowest of a new connection’s first five runs',
        });
        report(`search.api.${name}.median`, median(apiTimes), 'ms', apiTimes.length, extra);
        report(`search.api.${name}.p95`, percentile(apiTimes, 95), 'ms', apiTimes.length, {
          budget: BUDGET_MS,
        });
        report(`search.sql.${name}.median`, median(sqlTimes), 'ms', sqlTimes.length);
        report(`search.sql.${name}.p95`, percentile(sqlTimes, 95), 'ms', sqlTimes.length);
        report(
          `search.ratio.${name}.p95`,
          percentile(apiTimes, 95) / percentile(sqlTimes, 95),
          '×',
          apiTimes.length,
          {
            budget: BUDGET_RATIO,
          },
        );
      }
    } finally {
      await api.stop();
    }
  } finally {
    await connection.close();
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
