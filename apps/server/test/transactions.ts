import { randomUUID } from 'node:crypto';
import type { AvailabilityPlan } from '@hora/core/availability';
import type { BookingRules } from '@hora/core/listing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ImageStorage } from '../src/adapters/storage/index.ts';
import { TestClock } from '../src/clock.ts';
import type { Database } from '../src/db/client.ts';
import type { JobDefinition } from '../src/jobs/index.ts';
import { freeTimeRefresher } from '../src/modules/search/free-time.ts';
import {
  type FreeTimeJob,
  type PaymentActionJob,
  TRANSACTION_JOBS,
} from '../src/modules/transactions/engine.ts';
import {
  seatBookingsReader,
  type TransactionEngine,
  transactionEngine,
  transactionJobs,
} from '../src/modules/transactions/index.ts';
import { browser, signUp, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import type { TestDatabase } from './database.ts';
import { FakeCharges, FakeSavedCards } from './fake-charges.ts';
import { FakePayouts } from './fake-payouts.ts';
import { recordingLogger, startTestRunner, storedJobs } from './jobs.ts';
import { FakeListingImages, fakeGeocoder, type HostingApp, NOW } from './listings.ts';
import { storeListings } from './search.ts';

/** Tuesday 5 May 2026, 10:00–12:00 in Madrid: inside the office plan, a day after the clock. */
export const TUESDAY_10 = '2026-05-05T08:00:00.000Z';
export const TUESDAY_11 = '2026-05-05T09:00:00.000Z';
export const TUESDAY_12 = '2026-05-05T10:00:00.000Z';
export const TUESDAY_13 = '2026-05-05T11:00:00.000Z';

/**
 * Two hours from 10:00 in Madrid on the first weekday at least a day after the clock (the clock only
 * moves forward, so each test books after what the earlier ones did). Madrid is UTC+2 in May.
 */
export function nextSlot(clock: TestClock, hours = 2, fromHour = 10): [string, string] {
  const day = new Date(clock.now().getTime() + 24 * 60 * 60_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  day.setUTCHours(fromHour - 2, 0, 0, 0);
  const end = new Date(day.getTime() + hours * 60 * 60_000);
  return [day.toISOString(), end.toISOString()];
}

/** The notifications module's queue, declared so the engine can send to it (txpages' handler runs it). */
export const notifyQueue: JobDefinition = {
  name: 'transactions.notify',
  retry: { limit: 0, delaySeconds: 1, backoff: false },
  handle: async () => {},
};

export interface BookingApp {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  charges: FakeCharges;
  cards: FakeSavedCards;
  payouts: FakePayouts;
  engine: TransactionEngine;
  logs: ReturnType<typeof recordingLogger>;
}

/**
 * The API with the engine's neighbours faked (payments, saved cards, payout accounts), the engine's
 * queues declared and no job running: tests run timers, payment actions and the reconciler by hand.
 */
export async function buildBookingApp(
  database: TestDatabase,
  options: {
    clock?: TestClock;
    charges?: FakeCharges;
    unpaidHoldsMax?: number;
    storage?: ImageStorage;
    /** `stored`: the listings' photos as the app reads them from the database (a fake otherwise). */
    listingImages?: 'fake' | 'stored';
  } = {},
): Promise<BookingApp> {
  const clock = options.clock ?? new TestClock(NOW);
  const charges = options.charges ?? new FakeCharges();
  const cards = new FakeSavedCards();
  const { db } = database;
  const payouts = new FakePayouts(db);
  // Most tests leave many bookings unpaid; the per-customer cap has its own test.
  const environment = {
    BOOKING_UNPAID_HOLDS_MAX: String(options.unpaidHoldsMax ?? 1000),
    ...(process.env.ENGINE_DEBUG ? { LOG_LEVEL: 'error' } : {}),
  };
  const app = await buildTestApp(db, environment, {
    captcha: fakeCaptcha,
    clock,
    geocoder: fakeGeocoder(),
    ...(options.storage ? { storage: options.storage } : {}),
    hosting: {
      ...(options.listingImages === 'stored' ? {} : { listingImages: new FakeListingImages() }),
      payoutReadiness: payouts,
    },
    transactions: {
      charges,
      savedCards: cards,
      payoutDestinations: {
        accountIdOf: async (id) => (payouts.ready.has(id) ? `acct_${id.slice(0, 8)}` : null),
      },
    },
  });
  const logs = recordingLogger();
  const engine = transactionEngine({
    db,
    clock,
    charges,
    freeTime: freeTimeRefresher({ clock, bookings: seatBookingsReader(db) }),
    logger: logs.logger,
  });
  await startTestRunner(database.pool, [...transactionJobs(engine, clock), notifyQueue], { work: false });
  return { app, db, clock, charges, cards, payouts, engine, logs };
}

/**
 * What a worker does with the queued `transactions.free-time` jobs (decision 0065): refreshes each
 * listing's search free time, then completes the job. Returns the listings refreshed.
 */
export async function runFreeTimeJobs(booking: BookingApp): Promise<string[]> {
  const jobs = await storedJobs(booking.db, TRANSACTION_JOBS.freeTime);
  const waiting = jobs.filter((job) => job.state === 'created');
  for (const job of waiting) {
    await booking.engine.refreshListingFreeTime((job.data as unknown as FreeTimeJob).listingId);
    await booking.db.execute(sql`update pgboss.job set state = 'completed', completed_on = now()
      where name = ${TRANSACTION_JOBS.freeTime} and id = ${job.id}`);
  }
  return waiting.map((job) => (job.data as unknown as FreeTimeJob).listingId);
}

/** A published listing of `host` (20 € an hour, weekdays 09:00–18:00 in Madrid), host payable. */
export async function hostListing(
  booking: BookingApp,
  host: TestUser,
  options: {
    priceAmount?: number | null;
    rules?: BookingRules;
    plan?: AvailabilityPlan;
    payable?: boolean;
  } = {},
): Promise<string> {
  if (options.payable ?? true) booking.payouts.ready.add(host.id);
  const [id] = await storeListings(
    booking.db,
    { clock: booking.clock, bookings: seatBookingsReader(booking.db) } as unknown as HostingApp,
    host.id,
    [
      {
        ...(options.priceAmount !== undefined ? { priceAmount: options.priceAmount } : {}),
        ...(options.rules ? { rules: options.rules } : {}),
        ...(options.plan ? { plan: options.plan } : {}),
      },
    ],
  );
  return id as string;
}

export async function people(app: FastifyInstance, n: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let i = 0; i < n; i += 1) users.push(await signUp(app));
  return users;
}

export interface BookOptions {
  key?: string;
  paymentMethod?: 'default' | 'new';
  saveCard?: boolean;
  message?: string;
}

export function book(
  app: FastifyInstance,
  customer: TestUser,
  listingId: string,
  start: string,
  end: string,
  options: BookOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/transactions',
    headers: { ...browser(customer.cookie), 'idempotency-key': options.key ?? randomUUID() },
    payload: {
      listingId,
      transition: 'request-payment',
      bookingStart: start,
      bookingEnd: end,
      paymentMethod: options.paymentMethod ?? 'new',
      saveCard: options.saveCard ?? false,
      ...(options.message !== undefined ? { message: options.message } : {}),
    },
  });
}

export function runTransition(
  app: FastifyInstance,
  user: TestUser,
  transactionId: string,
  transition: string,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/transactions/${transactionId}/transitions`,
    headers: { ...browser(user.cookie), 'idempotency-key': key },
    payload: { transition },
  });
}

/** Books and returns the transaction's id (201 expected). */
export async function booked(
  booking: BookingApp,
  customer: TestUser,
  listingId: string,
  start = TUESDAY_10,
  end = TUESDAY_12,
): Promise<string> {
  const response = await book(booking.app, customer, listingId, start, end);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().transaction.id;
}

/** The customer authorises the card in the browser and confirms the payment. */
export async function paid(booking: BookingApp, customer: TestUser, transactionId: string): Promise<void> {
  const stored = await booking.engine.repository.find(transactionId);
  booking.charges.authorize(stored?.transaction.paymentIntentId as string);
  const response = await runTransition(booking.app, customer, transactionId, 'confirm-payment');
  expect(response.statusCode, response.body).toBe(200);
}

/** Every payment action queued so far, run as the job would (idempotent, so running twice is fine). */
export async function runPaymentActions(booking: BookingApp): Promise<string[]> {
  const outcomes: string[] = [];
  for (const job of await storedJobs(booking.db, 'transactions.payment-action')) {
    outcomes.push(await booking.engine.act(job.data as unknown as PaymentActionJob));
  }
  return outcomes;
}
