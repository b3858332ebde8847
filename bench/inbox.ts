import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { systemClock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { positionalSql } from '../apps/server/src/db/positional-sql.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { resolveSecrets } from '../apps/server/src/secrets.ts';
import { fillBenchTransactions } from '../apps/server/src/seed/bench-transactions.ts';
import { seedDemoData } from '../apps/server/src/seed/index.ts';
import { startServer } from '../e2e/support/server.ts';
import {
  median,
  percentile,
  postgresCpuSince,
  postgresCpuTicks,
  processCpuMs,
  report,
  timeToLastByte,
} from './support.ts';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 10_000);
const WARM_UP = 100;
const RENDERS = 300;
const SQL_ROUNDS = 300;
/** Requests per probe whose CPU time is read from /proc (10 ms ticks: enough of them to resolve). */
const CPU_ROUNDS = 200;
const HOST = { email: 'lucia@demo.hora.es', password: 'hora-demo-2026' };

type Db = ReturnType<typeof connectDatabase>['db'];

/** The session cookie of the demo host, signed in through the API as the login form does. */
async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(HOST),
  });
  if (!response.ok) throw new Error(`Signing in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function sampleSales(db: Db, hostId: string, count: number): Promise<string[]> {
  const rows = (
    await db.execute(
      positionalSql('select id from transactions where provider_id = $1 order by random() limit $2', [
        hostId,
        count,
      ]),
    )
  ).rows as { id: string }[];
  return rows.map((row) => row.id);
}

/**
 * The inbox's statements as the API runs them (a page of ids, the count; then the page's rows,
 * bookings and transitions by id), timed from this process: what of the API's time is the
 * database's.
 */
async function sqlTimes(db: Db, hostId: string, sales: number): Promise<Record<string, number[]>> {
  const lastPageOffset = Math.max(0, Math.ceil(sales / 10) - 1) * 10;
  const statements: Record<string, () => Promise<unknown>> = {
    'sql.inbox.page': () =>
      db.execute(
        positionalSql(
          `select id from transactions where provider_id = $1
           order by last_transitioned_at desc, id desc limit 10 offset 0`,
          [hostId],
        ),
      ),
    // The tab's last page: as many index entries read as the host has sales.
    'sql.inbox.lastPage': () =>
      db.execute(
        positionalSql(
          `select id from transactions where provider_id = $1
           order by last_transitioned_at desc, id desc limit 10 offset $2`,
          [hostId, lastPageOffset],
        ),
      ),
    'sql.inbox.count': () =>
      db.execute(positionalSql('select count(*) from transactions where provider_id = $1', [hostId])),
    'sql.inbox.awaitingCount': () =>
      db.execute(
        positionalSql(
          `select count(*) from transactions where provider_id = $1 and last_transition = 'confirm-payment'`,
          [hostId],
        ),
      ),
  };
  const times: Record<string, number[]> = {};
  for (const name of Object.keys(statements)) times[name] = [];
  for (let round = 0; round < WARM_UP + SQL_ROUNDS; round += 1) {
    for (const [name, run] of Object.entries(statements)) {
      const started = performance.now();
      await run();
      if (round >= WARM_UP) times[name]?.push(performance.now() - started);
    }
  }
  return times;
}

/** EXPLAIN ANALYZE of the inbox's page of ids: the plan the figures come from. */
async function inboxPlan(db: Db, hostId: string): Promise<string> {
  const rows = (
    await db.execute(
      positionalSql(
        `explain (analyze, costs off, timing off, summary off) select id from transactions where provider_id = $1
         order by last_transitioned_at desc, id desc limit 10 offset 0`,
        [hostId],
      ),
    )
  ).rows as { 'QUERY PLAN': string }[];
  return rows.map((row) => row['QUERY PLAN'].trim()).join(' | ');
}

/**
 * `web.inbox.ssr` and `web.transactionPage.ssr`: the demo host's inbox (`/inbox/sales`) and sale
 * pages with ten thousand sales in the database, signed in as that host; beside them, in turn, the
 * API calls their loaders make and `/login` (the machine's state at that moment).
 */
export async function benchInbox(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-bench-inbox-'));
  const logger = createLogger({ logLevel: 'warn', env: 'development' });
  const embedded = await startEmbeddedPostgres({ dataDir, logger });
  const connection = connectDatabase(embedded.url);
  try {
    await runMigrations(connection.pool);
    const config = resolveSecrets(
      loadConfig({ ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: embedded.url }),
    );
    await seedDemoData({ db: connection.db, logger, config, clock: systemClock });
    const filled = await fillBenchTransactions(connection.db, {
      hostEmail: HOST.email,
      transactions: TRANSACTIONS,
      now: systemClock.now(),
    });
    report('db.seed.benchTransactions', filled.milliseconds / 1000, 's', 1, {
      transactions: filled.transactions,
      transitions: filled.transitions,
      messages: filled.messages,
    });
    await connection.db.execute(positionalSql('vacuum (analyze)'));
    await connection.db.execute(positionalSql('checkpoint'));
    const data = {
      hostSales: filled.transactions,
      transitions: filled.transitions,
      messages: filled.messages,
      awaiting: filled.awaiting,
    };
    const sales = await sampleSales(connection.db, filled.hostId, RENDERS);

    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: embedded.url });
    try {
      const cookie = `${await signIn(server.url)}; euCookiesAccepted=accepted`;
      const probes: { name: string; page: string; path: (i: number) => string; signedIn: boolean }[] = [
        { name: 'web.inbox.ssr', page: '/inbox/sales', path: () => '/inbox/sales', signedIn: true },
        {
          name: 'web.transactionPage.ssr',
          page: '/sale/:id/details',
          path: (i) => `/sale/${sales[i % sales.length]}/details`,
          signedIn: true,
        },
        // What the loaders ask the API for (the root's session, the inbox's list, the sale page's transaction).
        { name: 'api.session', page: '/api/session', path: () => '/api/session', signedIn: true },
        {
          name: 'api.inbox',
          page: '/api/transactions?only=sale&page=1&perPage=10',
          path: () => '/api/transactions?only=sale&page=1&perPage=10',
          signedIn: true,
        },
        {
          name: 'api.transaction',
          page: '/api/transactions/:id',
          path: (i) => `/api/transactions/${sales[i % sales.length]}`,
          signedIn: true,
        },
        { name: 'web.inbox.baseline', page: '/login', path: () => '/login', signedIn: false },
      ];
      const get = async (probe: (typeof probes)[number], i: number) =>
        (
          await timeToLastByte(server.url, probe.path(i), {
            cookie: probe.signedIn ? cookie : 'euCookiesAccepted=accepted',
          })
        ).ms;
      for (let i = 0; i < WARM_UP; i += 1) for (const probe of probes) await get(probe, i * 7);
      const times = probes.map((): number[] => []);
      for (let i = 0; i < RENDERS; i += 1) {
        for (const [index, probe] of probes.entries()) times[index]?.push(await get(probe, i));
      }
      for (const [index, probe] of probes.entries()) {
        const measured = times[index] ?? [];
        const isPage = probe.name.endsWith('.ssr');
        report(`${probe.name}.median`, median(measured), 'ms', RENDERS, {
          page: probe.page,
          ...(isPage ? { data } : {}),
        });
        report(`${probe.name}.p95`, percentile(measured, 95), 'ms', RENDERS, {
          page: probe.page,
          ...(isPage ? { budget: 15 } : {}),
        });
      }
      // CPU per request of the server process and of PostgreSQL, probe by probe: on a shared machine
      // wall-clock figures follow the neighbours' load, CPU time much less so (decision 0037).
      const pid = server.process.pid as number;
      for (const probe of probes) {
        const before = { node: processCpuMs(pid), postgres: postgresCpuTicks(dataDir) };
        for (let i = 0; i < CPU_ROUNDS; i += 1) await get(probe, i);
        const node = (processCpuMs(pid) - before.node) / CPU_ROUNDS;
        const postgres = postgresCpuSince(before.postgres, dataDir) / CPU_ROUNDS;
        report(`${probe.name}.cpu`, node + postgres, 'ms/request', CPU_ROUNDS, {
          page: probe.page,
          node: Math.round(node * 100) / 100,
          postgres: Math.round(postgres * 100) / 100,
        });
      }
    } finally {
      await server.stop();
    }
    const statements = await sqlTimes(connection.db, filled.hostId, filled.transactions);
    const plan = await inboxPlan(connection.db, filled.hostId);
    for (const [name, measured] of Object.entries(statements)) {
      report(`${name}.median`, median(measured), 'ms', SQL_ROUNDS, {
        data,
        ...(name === 'sql.inbox.page' ? { plan } : {}),
      });
      report(`${name}.p95`, percentile(measured, 95), 'ms', SQL_ROUNDS);
    }
  } finally {
    await connection.close();
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
