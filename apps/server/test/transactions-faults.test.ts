import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../src/clock.ts';
import { freeTimeRefresher } from '../src/modules/search/free-time.ts';
import type { PaymentActionJob, TimerJob } from '../src/modules/transactions/engine.ts';
import type { FaultStep } from '../src/modules/transactions/faults.ts';
import { seatBookingsReader, transactionEngine } from '../src/modules/transactions/index.ts';
import { serverRoot } from '../src/paths.ts';
import { ORIGIN } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { FakeCharges } from './fake-charges.ts';
import { recordingLogger, storedJobs } from './jobs.ts';
import type { HostingApp } from './listings.ts';
import { NOW } from './listings.ts';
import { storeListings } from './search.ts';

/**
 * The fault test (issue 11): the server process is killed with SIGKILL at each step of a booking,
 * restarted, and the timers and the reconciler run with the clock past the payment window. After
 * that no slot stays held without a live transaction, no authorised or captured payment stays
 * without a booking, and no notification was queued twice for one (transaction, transition).
 */
const tsx = path.join(serverRoot, '..', '..', 'node_modules', '.bin', 'tsx');
const database = await createTestDatabase();
const dir = mkdtempSync(path.join(tmpdir(), 'hora-faults-'));
const chargesFile = path.join(dir, 'charges.json');
const authSecret = randomBytes(32).toString('base64url');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Server {
  port: number;
  child: ChildProcess;
  exited: Promise<string>;
}

async function startServer(hosts: string[], fault?: FaultStep, savedCards: string[] = []): Promise<Server> {
  const port = await freePort();
  const child = spawn(tsx, [path.join(serverRoot, 'test', 'fixtures', 'engine', 'server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      CHARGES_FILE: chargesFile,
      CLOCK_NOW: NOW,
      AUTH_SECRET: authSecret,
      PAYABLE_HOSTS: hosts.join(','),
      SAVED_CARDS: savedCards.join(','),
      PORT: String(port),
      ...(fault ? { HORA_FAULT_STEP: fault } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // tsx runs the server in a child of its own and exits with 128 + the signal's number.
  const exited = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? (code === 137 ? 'SIGKILL' : `exit ${code}`))),
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.on('exit', () => reject(new Error('The server exited before listening')));
  });
  return { port, child, exited };
}

function request(
  server: Server,
  method: string,
  url: string,
  options: { cookie?: string; key?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown; cookie: string }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: url,
        headers: {
          origin: ORIGIN,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.key ? { 'idempotency-key': options.key } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : null,
            cookie: setCookie
              .map((c) => c.split(';')[0] as string)
              .filter((pair) => !pair.endsWith('='))
              .join('; '),
          });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function signUp(server: Server): Promise<{ id: string; cookie: string }> {
  const response = await request(server, 'POST', '/api/auth/signup', {
    body: {
      email: `p-${randomUUID().slice(0, 8)}@example.com`,
      password: 'tortilla-de-patatas-42',
      firstName: 'Ana',
      lastName: 'Pérez',
      captcha: 'solved',
      termsAccepted: true,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { id: (response.body as { userId: string }).userId, cookie: response.cookie };
}

let host: { id: string; cookie: string };
let guest: { id: string; cookie: string };
let listingId: string;
const clock = new TestClock(NOW);
const logs = recordingLogger();
const charges = new FakeCharges(chargesFile);
const engine = transactionEngine({
  db: database.db,
  clock,
  charges,
  freeTime: freeTimeRefresher({ clock, bookings: seatBookingsReader(database.db) }),
  logger: logs.logger,
});

beforeAll(async () => {
  const server = await startServer([]);
  try {
    host = await signUp(server);
    guest = await signUp(server);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  [listingId] = (await storeListings(
    database.db,
    { clock, bookings: seatBookingsReader(database.db) } as unknown as HostingApp,
    host.id,
    [{}],
  )) as [string];
}, 120_000);

/** Tuesday 5 May 2026 in Madrid, one hour a step, so the steps never compete for a slot. */
const hourOf = (n: number): [string, string] => [
  `2026-05-05T${String(7 + n).padStart(2, '0')}:00:00.000Z`,
  `2026-05-05T${String(8 + n).padStart(2, '0')}:00:00.000Z`,
];

function bookingBody(n: number, paymentMethod: 'new' | 'default' = 'new') {
  const [bookingStart, bookingEnd] = hourOf(n);
  return {
    listingId,
    transition: 'request-payment',
    bookingStart,
    bookingEnd,
    paymentMethod,
    saveCard: false,
  };
}

/** What the worker would do after a restart: the timers due by the (moved) clock, payment actions, the reconciler. */
async function catchUp(): Promise<void> {
  charges.reload();
  for (const job of await storedJobs(database.db, 'transactions.timer')) {
    await engine.runTimer(job.data as unknown as TimerJob);
  }
  await engine.reconcile({ graceMs: 0 });
  for (const job of await storedJobs(database.db, 'transactions.payment-action')) {
    await engine.act(job.data as unknown as PaymentActionJob);
  }
}

async function assertConsistent(): Promise<void> {
  charges.reload();
  // No slot held without a live transaction: every hold belongs to a seat-holding state, and a
  // pending payment only within its window.
  const holds = await database.db.execute<{ id: string; state: string; expires: string | null }>(sql`
    select t.id, t.state, t.payment_expires_at::text as expires from bookings b
    join transactions t on t.id = b.transaction_id where b.holds_seats`);
  for (const hold of holds.rows) {
    expect(['pending-payment', 'preauthorized', 'accepted']).toContain(hold.state);
    if (hold.state === 'pending-payment')
      expect(new Date(hold.expires as string).getTime()).toBeGreaterThan(clock.now().getTime());
  }
  // No money held or taken without a booking that holds the seats.
  const holding = new Set(holds.rows.map((h) => h.id));
  for (const intent of charges.intents) {
    const refunded = charges.refunds.some(
      (r) => (r as { paymentIntentId?: string }).paymentIntentId === intent.id,
    );
    if ((intent.status === 'requires_capture' || intent.status === 'succeeded') && !refunded) {
      expect(
        holding.has(intent.metadata.transactionId as string),
        `intent ${intent.id} ${intent.status}`,
      ).toBe(true);
    }
  }
  // No notification twice.
  const notify = await database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from pgboss.job where name = 'transactions.notify'
    group by data->>'transactionId', data->>'transition' having count(*) > 1`);
  expect(notify.rows).toEqual([]);
}

describe('a server killed at each step of a booking', () => {
  /** The cases run so far: each moves the clock 16 minutes further, past its hold's payment window. */
  let steps = 0;
  it.each([
    // The intent is made before the writes (decision 0064): killed there (or before the commit),
    // nothing is written and the intent, never shown to the customer, holds no money.
    ['initiate:before-commit', 0, 'new', 'nothing written'],
    ['initiate:after-commit', 1, 'new', 'written'],
    ['initiate:after-intent', 2, 'new', 'nothing written'],
    // The saved card's intent too: set on the intent, the card is confirmed only in the browser.
    ['initiate:after-intent', 8, 'default', 'nothing written'],
  ] as const)(
    'at %s (hour %i, a %s card): after a restart the hold expires or the retry completes, nothing left half done',
    async (step, n, card, expected) => {
      steps += 1;
      const key = randomUUID();
      const saved = card === 'default' ? [guest.id] : [];
      const faulty = await startServer([host.id], step, saved);
      await expect(
        request(faulty, 'POST', '/api/transactions', {
          cookie: guest.cookie,
          key,
          body: bookingBody(n, card),
        }),
      ).rejects.toThrow();
      expect(await faulty.exited).toBe('SIGKILL');

      const claimed = await database.db.execute<{ id: string }>(
        sql`select transaction_id as id from idempotency_keys where key = ${key}`,
      );
      if (expected === 'nothing written') {
        expect(claimed.rows).toEqual([]);
        // The slot is free for anyone: the retry books it.
        const restarted = await startServer([host.id], undefined, saved);
        try {
          const retry = await request(restarted, 'POST', '/api/transactions', {
            cookie: guest.cookie,
            key,
            body: bookingBody(n, card),
          });
          expect(retry.status, JSON.stringify(retry.body)).toBe(201);
        } finally {
          restarted.child.kill('SIGTERM');
          await restarted.exited;
        }
      } else {
        const [row] = claimed.rows;
        expect((await engine.repository.find(row?.id as string))?.transaction.state).toBe('pending-payment');
      }
      clock.set(new Date(new Date(NOW).getTime() + 16 * 60_000 * steps));
      await catchUp();
      await assertConsistent();
    },
    120_000,
  );

  it('at initiate:after-commit, a retry with the same key after the restart completes the same booking', async () => {
    const key = randomUUID();
    const faulty = await startServer([host.id], 'initiate:after-commit');
    await expect(
      request(faulty, 'POST', '/api/transactions', { cookie: guest.cookie, key, body: bookingBody(3) }),
    ).rejects.toThrow();
    await faulty.exited;
    const restarted = await startServer([host.id]);
    try {
      const retry = await request(restarted, 'POST', '/api/transactions', {
        cookie: guest.cookie,
        key,
        body: bookingBody(3),
      });
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      const view = (retry.body as { transaction: { id: string; payment: { clientSecret: string | null } } })
        .transaction;
      expect(view.payment.clientSecret).not.toBeNull();
      charges.reload();
      expect(charges.intents.filter((i) => i.metadata.transactionId === view.id)).toHaveLength(1);
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
    // Nobody pays: it runs out like any other request (this clock is already past its window).
    await catchUp();
    await assertConsistent();
  }, 120_000);

  it.each([
    ['transition:before-record', 4, 'pending-payment'],
    ['transition:after-record', 5, 'preauthorized'],
  ] as const)(
    'at %s of confirm-payment: the transition happened once or not at all, and the money follows',
    async (step, n, expected) => {
      const healthy = await startServer([host.id]);
      let id: string;
      try {
        const created = await request(healthy, 'POST', '/api/transactions', {
          cookie: guest.cookie,
          key: randomUUID(),
          body: bookingBody(n),
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        id = (created.body as { transaction: { id: string } }).transaction.id;
      } finally {
        healthy.child.kill('SIGTERM');
        await healthy.exited;
      }
      charges.reload();
      const intent = charges.intents.find((i) => i.metadata.transactionId === id);
      charges.authorize(intent?.id as string);

      const faulty = await startServer([host.id], step);
      await expect(
        request(faulty, 'POST', `/api/transactions/${id}/transitions`, {
          cookie: guest.cookie,
          key: randomUUID(),
          body: { transition: 'confirm-payment' },
        }),
      ).rejects.toThrow();
      expect(await faulty.exited).toBe('SIGKILL');
      expect((await engine.repository.find(id))?.transaction.state).toBe(expected);

      // Past the window: an unconfirmed request expires and its authorisation is released; a
      // confirmed one keeps its hold and its money for the host's decision.
      clock.set(new Date(clock.now().getTime() + 16 * 60_000));
      await catchUp();
      const after = await engine.repository.find(id);
      expect(after?.transaction.state).toBe(
        expected === 'pending-payment' ? 'payment-expired' : 'preauthorized',
      );
      charges.reload();
      expect(charges.intents.find((i) => i.id === intent?.id)?.status).toBe(
        expected === 'pending-payment' ? 'canceled' : 'requires_capture',
      );
      await assertConsistent();
    },
    120_000,
  );
});
