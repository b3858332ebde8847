import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AvailabilityPlan } from '@hora/core/availability';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { systemClock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { listings } from '../apps/server/src/db/schema/index.ts';
import { startJobRunner } from '../apps/server/src/jobs/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { freeTimeRefresher } from '../apps/server/src/modules/search/free-time.ts';
import {
  seatBookingsReader,
  TRANSACTION_JOBS,
  transactionEngine,
  transactionJobs,
} from '../apps/server/src/modules/transactions/index.ts';
import { resolveSecrets } from '../apps/server/src/secrets.ts';
import { FakeCharges, FakeSavedCards } from '../apps/server/test/fake-charges.ts';
import { median, percentile, postgresCpuMs, report } from './support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const LISTINGS = 40;
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 100);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 2000);
const RACES = Number(process.env.BENCH_RACES ?? 10);
const RACERS = 50;
/** Issue 11's budgets for non-conflicting bookings with 20 concurrent clients. */
const BUDGET_PER_SECOND = 300;
const BUDGET_P95_MS = 100;

const ALWAYS_OPEN: AvailabilityPlan = {
  type: 'availability-plan/time',
  timezone: 'Europe/Madrid',
  entries: (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((dayOfWeek) => ({
    dayOfWeek,
    seats: 1,
    startTime: '00:00',
    endTime: '00:00',
  })),
};

/** The `transactions.free-time` jobs done so far. */
async function freeTimeRefreshes(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query(
    `select count(*)::int as n from pgboss.job where name = $1 and state = 'completed'`,
    [TRANSACTION_JOBS.freeTime],
  );
  return rows[0].n as number;
}

/**
 * Counts the statements this process sends to PostgreSQL while `work` runs (every query of every
 * pooled client: `begin` and `commit` included).
 */
async function countingStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  let statements = 0;
  const texts = new Map<string, number>();
  const trace = process.env.BENCH_TRACE_STATEMENTS === '1';
  prototype.query = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    if (trace) {
      const first = args[0] as string | { text?: string; name?: string };
      const text =
        typeof first === 'string' ? first : `${first.name ? `[${first.name}] ` : ''}${first.text ?? ''}`;
      texts.set(text, (texts.get(text) ?? 0) + 1);
    }
    return query.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    prototype.query = query;
    for (const [text, count] of [...texts].sort((a, b) => b[1] - a[1])) {
      console.error(`${count}\t${text.replace(/\s+/g, ' ').slice(0, 400)}`);
    }
  }
}

/**
 * `booking.*`: the booking request (`POST /api/transactions`: checks, the payment intent, the
 * exclusion constraint, the timer, notification and free-time jobs; the free-time jobs run by a
 * worker in this process) on its own embedded PostgreSQL. The API runs in this process and is driven through Fastify's `inject` by concurrent
 * clients (no sockets: the figures are the server's work, with the clients' scheduling on the same
 * event loop). Payments are an in-memory provider with Stripe's semantics, so the figures are the
 * engine's and the database's, not a payment provider's.
 */
export async function benchBooking(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-bench-booking-'));
  const log = createLogger({ logLevel: 'warn', env: 'development' });
  // BENCH_PG_STATEMENTS=1: PostgreSQL's own time per statement of the measured run (pg_stat_statements).
  const pgStatements = process.env.BENCH_PG_STATEMENTS === '1';
  // BENCH_PG_SETTINGS: more server settings, `;`-separated (e.g. auto_explain's, to see a plan).
  const extraSettings = (process.env.BENCH_PG_SETTINGS ?? '').split(';').filter(Boolean);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    // The server's own log (auto_explain's plans) is at the debug level.
    logger: extraSettings.length > 0 ? createLogger({ logLevel: 'debug', env: 'development' }) : log,
    settings: [
      ...(pgStatements
        ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track_planning=on']
        : []),
      ...extraSettings,
    ],
  });
  const connection = connectDatabase(embedded.url, { max: Number(process.env.BENCH_POOL ?? 10) });
  try {
    await runMigrations(connection.pool);
    const config = resolveSecrets(
      loadConfig({
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: embedded.url,
        // Each client leaves its bookings unpaid: the per-customer cap on unpaid holds stays out of the way.
        BOOKING_UNPAID_HOLDS_MAX: '1000',
      }),
    );
    const charges = new FakeCharges();
    const clock = systemClock;
    const app = await buildApp(config, {
      db: connection.db,
      clock,
      captcha: {
        verifier: { kind: 'altcha', verify: async (token) => token === 'solved' },
        createChallenge: () => undefined,
        publicConfig: { kind: 'altcha' },
        contentSecurity: {},
      },
      hosting: { payoutReadiness: { isReady: async () => true, acceptsBookingsOfListing: async () => true } },
      transactions: {
        charges,
        savedCards: new FakeSavedCards(),
        payoutDestinations: { accountIdOf: async (id) => `acct_${id.slice(0, 8)}` },
      },
    });
    const engine = transactionEngine({
      db: connection.db,
      clock,
      charges,
      freeTime: freeTimeRefresher({ clock, bookings: seatBookingsReader(connection.db) }),
      logger: log,
    });
    const runner = await startJobRunner({
      pool: connection.pool,
      jobs: [
        ...transactionJobs(engine, clock),
        {
          name: 'transactions.notify',
          retry: { limit: 0, delaySeconds: 1, backoff: false },
          handle: async () => {},
        },
      ],
      logger: log,
      work: false,
    });
    // The listings' free-time jobs the bookings queue (decision 0065) run as a worker runs them, in
    // this process, while the bookings are measured: their CPU counts with the bookings'.
    const freeTimeWorker = await startJobRunner({
      pool: connection.pool,
      jobs: transactionJobs(engine, clock).filter((job) => job.name === TRANSACTION_JOBS.freeTime),
      logger: log,
      work: true,
    });
    const origin = new URL(config.publicUrl).origin;
    let address = 0;
    const signUp = async () => {
      address += 1;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { origin },
        remoteAddress: `198.51.100.${address}`,
        payload: {
          email: `bench-${randomUUID().slice(0, 8)}@example.com`,
          password: randomUUID(),
          firstName: 'Bench',
          lastName: 'Cliente',
          captcha: 'solved',
          termsAccepted: true,
        },
      });
      if (response.statusCode !== 201) throw new Error(`sign-up: ${response.body}`);
      const cookie = ([] as string[])
        .concat(response.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0] as string)
        .filter((pair) => !pair.endsWith('='))
        .join('; ');
      return { id: response.json().userId as string, cookie };
    };
    const host = await signUp();
    const customers: { id: string; cookie: string }[] = [];
    for (let i = 0; i < RACERS; i += 1) customers.push(await signUp());
    const rows = await connection.db
      .insert(listings)
      .values(
        Array.from({ length: LISTINGS + RACES }, (_, i) => ({
          authorId: host.id,
          state: 'published' as const,
          title: `Sala de ensayo ${i + 1}`,
          description: 'Abierta día y noche.',
          categories: ['sala'],
          capacity: 10,
          latitude: 40.41,
          longitude: -3.7,
          address: 'Calle Mayor 1',
          priceAmount: 2000,
          priceCurrency: 'EUR',
          timeZone: 'Europe/Madrid',
          availabilityPlan: ALWAYS_OPEN,
          publishedAt: clock.now(),
        })),
      )
      .returning({ id: listings.id });
    const ids = rows.map((row) => row.id);
    await freeTimeRefresher({ clock, bookings: seatBookingsReader(connection.db) }).refresh(
      connection.db,
      ids,
    );

    // Whole hours from tomorrow 00:00 UTC on: slot k is hour ⌊k / LISTINGS⌋ of listing k mod LISTINGS.
    const firstHour = Math.ceil(clock.now().getTime() / 86_400_000) * 86_400_000 + 86_400_000;
    const slot = (k: number): { listingId: string; start: string; end: string } => {
      const hour = Math.floor(k / LISTINGS);
      const start = firstHour + hour * 3_600_000;
      return {
        listingId: ids[k % LISTINGS] as string,
        start: new Date(start).toISOString(),
        end: new Date(start + 3_600_000).toISOString(),
      };
    };
    const book = async (
      customer: { cookie: string },
      at: { listingId: string; start: string; end: string },
    ) => {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/transactions',
        headers: { origin, cookie: customer.cookie, 'idempotency-key': randomUUID() },
        payload: {
          listingId: at.listingId,
          transition: 'request-payment',
          bookingStart: at.start,
          bookingEnd: at.end,
          paymentMethod: 'new',
          saveCard: false,
        },
      });
      return { ms: performance.now() - started, status: response.statusCode, body: response.body };
    };

    // booking.throughput: CLIENTS loops, each taking the next free slot until BOOKINGS are made.
    let next = 0;
    const run = async (total: number) => {
      const times: number[] = [];
      const failures: string[] = [];
      const stop = next + total;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          while (next < stop) {
            const k = next;
            next += 1;
            const result = await book(customers[client] as { cookie: string }, slot(k));
            if (result.status === 201) times.push(result.ms);
            else failures.push(`${result.status} ${result.body.slice(0, 200)}`);
          }
        }),
      );
      return { times, failures, seconds: (performance.now() - started) / 1000 };
    };
    await run(WARM_UP);
    if (pgStatements) {
      await connection.pool.query('create extension if not exists pg_stat_statements');
      await connection.pool.query('select pg_stat_statements_reset()');
    }
    const refreshesBefore = await freeTimeRefreshes(connection.pool);
    const cpuBefore = { node: process.cpuUsage(), postgres: postgresCpuMs(dataDir) };
    const { result: measured, statements } = await countingStatements(() => run(BOOKINGS));
    const nodeCpu = process.cpuUsage(cpuBefore.node);
    const refreshes = (await freeTimeRefreshes(connection.pool)) - refreshesBefore;
    const cpu = {
      node: (nodeCpu.user + nodeCpu.system) / 1000 / measured.times.length,
      postgres: (postgresCpuMs(dataDir) - cpuBefore.postgres) / measured.times.length,
    };
    if (pgStatements) {
      const { rows } = await connection.pool.query(
        `select calls, round(total_exec_time::numeric / greatest(calls, 1), 3) as exec_ms,
           round(total_plan_time::numeric / greatest(calls, 1), 3) as plan_ms,
           round((total_exec_time + total_plan_time)::numeric / $1, 3) as ms_per_booking,
           left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as statement
         from pg_stat_statements order by total_exec_time + total_plan_time desc limit 15`,
        [measured.times.length],
      );
      console.error(rows.map((row) => Object.values(row).join('\t')).join('\n'));
    }
    if (measured.failures.length > 0)
      throw new Error(`bookings refused: ${measured.failures.slice(0, 3).join('; ')}`);
    report(
      'booking.throughput',
      measured.times.length / measured.seconds,
      'bookings/s',
      measured.times.length,
      {
        clients: CLIENTS,
        listings: LISTINGS,
        budget: BUDGET_PER_SECOND,
      },
    );
    report('booking.throughput.median', median(measured.times), 'ms', measured.times.length);
    report('booking.throughput.p95', percentile(measured.times, 95), 'ms', measured.times.length, {
      budget: BUDGET_P95_MS,
    });
    report(
      'booking.throughput.statements',
      statements / measured.times.length,
      'statements/booking',
      measured.times.length,
      {
        note: 'statements sent to PostgreSQL per booking, begin and commit included',
      },
    );
    report('booking.throughput.freeTimeJobs', refreshes, 'jobs', measured.times.length, {
      note: 'listings whose free time the worker refreshed during the measured run (one job for the bookings that came while it waited)',
    });
    report('booking.throughput.cpu', cpu.node + cpu.postgres, 'ms/booking', measured.times.length, {
      node: Math.round(cpu.node * 100) / 100,
      postgres: Math.round(cpu.postgres * 100) / 100,
      note: 'CPU time per booking (this process, the embedded PostgreSQL): steadier than wall time on a shared machine',
    });

    // booking.contention: RACERS clients ask for the same slot at once; time until all are answered.
    const raceTimes: number[] = [];
    const answers: number[] = [];
    for (let race = 0; race < RACES; race += 1) {
      const at = { ...slot(0), listingId: ids[LISTINGS + race] as string };
      const started = performance.now();
      const results = await Promise.all(customers.map((customer) => book(customer, at)));
      raceTimes.push(performance.now() - started);
      const won = results.filter((r) => r.status === 201).length;
      const lost = results.filter((r) => r.status === 409).length;
      if (won !== 1 || lost !== RACERS - 1) throw new Error(`race ${race}: ${won} won, ${lost} refused`);
      answers.push(...results.map((r) => r.ms));
    }
    report('booking.contention.median', median(raceTimes), 'ms', raceTimes.length, {
      clients: RACERS,
      note: 'time until all 50 requests for one slot are answered (1 booked, 49 × 409)',
    });
    report('booking.contention.p95', percentile(raceTimes, 95), 'ms', raceTimes.length, { clients: RACERS });
    report('booking.contention.answer.p95', percentile(answers, 95), 'ms', answers.length);

    await freeTimeWorker.stop({ timeoutMs: 2000 });
    await runner.stop({ timeoutMs: 2000 });
    await app.close();
  } finally {
    await connection.close();
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
