import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CITY_PRESETS } from '@hora/core/config';
import { createSlug, encodeBounds } from '@hora/core/search';
import { createImageStorage } from '../apps/server/src/adapters/storage/index.ts';
import { systemClock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { positionalSql } from '../apps/server/src/db/positional-sql.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { resolveSecrets } from '../apps/server/src/secrets.ts';
import { fillBenchListings } from '../apps/server/src/seed/bench-listings.ts';
import { seedDemoData } from '../apps/server/src/seed/index.ts';
import { launchBrowser } from '../e2e/support/chromium.ts';
import { startServer } from '../e2e/support/server.ts';
import { median, percentile, processCpuMs, report, timeToLastByte } from './support.ts';
import { sum, type Transfer, watchTransfers } from './transfer.ts';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const madrid = CITY_PRESETS.find((city) => city.name === 'Madrid');
if (!madrid) throw new Error('No Madrid preset');
const MADRID_BOX = encodeBounds(madrid.bounds);
const WARM_UP = 100;
const RENDERS = 300;
const KIB = 1024;

interface Sample {
  id: string;
  path: string;
}

/** Random published listings' pages, `/l/:slug/:id`, as links on the site name them. */
async function samplePages(db: ReturnType<typeof connectDatabase>['db'], count: number): Promise<Sample[]> {
  const rows = (
    await db.execute(
      positionalSql(
        `select id, title from listings tablesample system (5) where state = 'published' order by random() limit $1`,
        [count],
      ),
    )
  ).rows as { id: string; title: string }[];
  return rows.map((row) => ({ id: row.id, path: `/l/${createSlug(row.title)}/${row.id}` }));
}

async function dataSize(db: ReturnType<typeof connectDatabase>['db']) {
  const [row] = (
    await db.execute(
      positionalSql(`select (select count(*) from listings)::int as listings,
        (select count(*) from listings where state = 'published')::int as published,
        (select count(*) from availability_exceptions)::int as exceptions,
        (select count(*) from images where kind = 'listing')::int as photos,
        round(pg_database_size(current_database()) / 1048576.0)::int as "databaseMiB"`),
    )
  ).rows as Record<string, number>[];
  return row ?? {};
}

interface Probe {
  name: string;
  path: (sample: Sample) => string;
}

/**
 * Response times of each probe, taken in turn (page, API, baseline, page, ...) so that all see
 * the same moment of a shared machine. Each round asks for another listing, so the figure is not
 * one cached row's.
 */
async function responseTimes(
  baseUrl: string,
  samples: Sample[],
  probes: Probe[],
  serverPid: number,
): Promise<{ times: number[][]; cpu: number[] }> {
  const headers = { cookie: 'euCookiesAccepted=accepted' };
  const get = async (path: string) => (await timeToLastByte(baseUrl, path, headers)).ms;
  for (let i = 0; i < WARM_UP; i += 1) {
    for (const probe of probes) await get(probe.path(samples[(i * 7) % samples.length] as Sample));
  }
  const times = probes.map((): number[] => []);
  // The server's CPU time per request of each probe (summed around each request: 10 ms ticks, so
  // only the total over all rounds means something).
  const cpu = probes.map(() => 0);
  for (let i = 0; i < RENDERS; i += 1) {
    for (const [index, probe] of probes.entries()) {
      const cpuBefore = processCpuMs(serverPid);
      times[index]?.push(await get(probe.path(samples[i % samples.length] as Sample)));
      cpu[index] = (cpu[index] ?? 0) + processCpuMs(serverPid) - cpuBefore;
    }
  }
  return { times, cpu: cpu.map((total) => total / RENDERS) };
}

/**
 * The modules the server-rendered document preloads: React Router names the entry, the matched
 * routes' modules and their static imports, and nothing a dynamic import fetches later. (The
 * inline route manifest names every route's modules, so a plain text search would over-count.)
 */
function modulePreloads(html: string): Set<string> {
  const links = html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
  return new Set(
    links.flatMap((link) => {
      const href = /href="([^"]+)"/.exec(link)?.[1];
      return href ? [new URL(href, 'http://document').pathname] : [];
    }),
  );
}

/**
 * A first visit in Chromium: the HTML's bytes on the wire, and the JavaScript split into what the
 * document names (entry, route modules and their `modulepreload`s: the first load) and what was
 * fetched later by dynamic imports (the map, loaded after the first paint).
 */
async function firstVisit(baseUrl: string, sample: Sample) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const transfers = watchTransfers(page);
    const response = await page.goto(`${baseUrl}${sample.path}`, { waitUntil: 'networkidle' });
    const html = (await response?.text()) ?? '';
    await transfers.settled();
    const loaded = transfers.take();
    const preloaded = modulePreloads(html);
    if (preloaded.size === 0) throw new Error(`${sample.path} preloads no module: is it server-rendered?`);
    const named = (transfer: Transfer) => preloaded.has(new URL(transfer.url).pathname);
    const isScript = (transfer: Transfer) => transfer.type === 'script';
    return {
      document: sum(loaded, (t) => t.type === 'document', 'transferred'),
      documentDecoded: sum(loaded, (t) => t.type === 'document', 'decoded'),
      firstLoadJs: sum(loaded, (t) => isScript(t) && named(t), 'transferred'),
      firstLoadModules: loaded.filter((t) => isScript(t) && named(t)).length,
      laterJs: sum(loaded, (t) => isScript(t) && !named(t), 'transferred'),
      images: sum(loaded, (t) => t.type === 'image', 'transferred'),
    };
  } finally {
    await browser.close();
  }
}

/**
 * `web.listingPage.*`: the listing page with a hundred thousand listings in the database. The bench
 * owns the embedded PostgreSQL (it seeds and samples it); the built server connects to it.
 */
export async function benchListingPage(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-bench-listings-'));
  const logger = createLogger({ logLevel: 'warn', env: 'development' });
  const embedded = await startEmbeddedPostgres({ dataDir, logger });
  const connection = connectDatabase(embedded.url);
  try {
    await runMigrations(connection.pool);
    const config = resolveSecrets(
      loadConfig({ ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: embedded.url }),
    );
    const demoStarted = performance.now();
    await seedDemoData({ db: connection.db, logger, config, clock: systemClock });
    report('db.seed.demo', (performance.now() - demoStarted) / 1000, 's', 1);
    const filled = await fillBenchListings(connection.db, {
      listings: LISTINGS,
      now: systemClock.now(),
      storage: createImageStorage(config),
    });
    report('db.seed.benchListings', filled.milliseconds / 1000, 's', 1, {
      listings: filled.listings,
      hosts: filled.hosts,
      exceptions: filled.exceptions,
      photos: filled.photos,
    });
    // A settled database, as a running marketplace has: the bulk load's dead tuples vacuumed, its
    // statistics taken and its dirty pages written, so no autovacuum or checkpoint of the load
    // competes with the measured requests for the machine's cores.
    await connection.db.execute(positionalSql('vacuum (analyze)'));
    await connection.db.execute(positionalSql('checkpoint'));
    const data = await dataSize(connection.db);
    const samples = await samplePages(connection.db, RENDERS);

    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: embedded.url });
    try {
      const probes: Probe[] = [
        { name: 'web.listingPage.ssr', path: (sample) => sample.path },
        // What the page's loader asks the API for, and a page that reads no listing: the same server
        // at the same moment, to tell the listing's own cost from the machine's.
        { name: 'api.listing', path: (sample) => `/api/listings/${sample.id}` },
        { name: 'web.listingPage.baseline', path: () => '/login' },
        // Issue 10: the search page as first opened (every published listing, newest first) and
        // with Madrid's map box, on the same data.
        { name: 'web.searchPage.ssr', path: () => '/s' },
        { name: 'web.searchPage.box.ssr', path: () => `/s?${new URLSearchParams({ bounds: MADRID_BOX })}` },
      ];
      const pid = server.process.pid;
      if (pid === undefined) throw new Error('The server process has no pid');
      const { times, cpu } = await responseTimes(server.url, samples, probes, pid);
      for (const [index, probe] of probes.entries()) {
        const measured = times[index] ?? [];
        const extra = {
          page:
            index === 0 ? '/l/:slug/:id' : probe.path(samples[0] as Sample).replace(/[0-9a-f-]{36}/, ':id'),
        };
        const budgeted = index === 0 || probe.name.startsWith('web.searchPage');
        report(`${probe.name}.median`, median(measured), 'ms', RENDERS, {
          ...extra,
          ...(index === 0 ? { data } : {}),
        });
        report(`${probe.name}.p95`, percentile(measured, 95), 'ms', RENDERS, {
          ...extra,
          ...(budgeted ? { budget: 15 } : {}),
        });
        report(`${probe.name}.cpu`, cpu[index] ?? Number.NaN, 'ms', RENDERS, extra);
      }
      const visit = await firstVisit(server.url, samples[0] as Sample);
      report('web.listingPage.document.transferred', visit.document / KIB, 'KiB', 1, {
        decoded: Math.round((visit.documentDecoded / KIB) * 10) / 10,
      });
      report('web.listingPage.firstLoad.js', visit.firstLoadJs / KIB, 'KiB', 1, {
        budget: 150,
        modules: visit.firstLoadModules,
      });
      report('web.listingPage.afterFirstPaint.js', visit.laterJs / KIB, 'KiB', 1, {
        note: 'dynamic imports (the map) fetched after the first paint; not part of the first load',
      });
      report('web.listingPage.images.transferred', visit.images / KIB, 'KiB', 1);
    } finally {
      await server.stop();
    }
  } finally {
    await connection.close();
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
