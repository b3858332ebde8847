import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTransaction, holdsSeats, transition } from '@hora/core/process';
import { asc, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { FakeCharges } from '../../test/fake-charges.ts';
import { startTestRunner } from '../../test/jobs.ts';
import { OFFICE_PLAN } from '../../test/search.ts';
import { notifyQueue } from '../../test/transactions.ts';
import { createPayments } from '../adapters/payments/index.ts';
import { TestClock } from '../clock.ts';
import { listings, payoutAccounts, reviews, transactions, users } from '../db/schema/index.ts';
import { freeTimeRefresher } from '../modules/search/free-time.ts';
import {
  seatBookingsReader,
  transactionEngine,
  transactionJobs,
  transactionRepository,
} from '../modules/transactions/index.ts';
import { demoBookingsStep } from './demo-bookings-step.ts';
import { demoPayoutsStep } from './demo-payouts-step.ts';
import { demoUsersStep } from './demo-users.ts';
import { type SeedContext, type SeedStep, seedDemoData } from './index.ts';

const database = await createTestDatabase();
const config = testConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hora-seed-bookings-')) });
const clock = new TestClock('2026-11-23T09:00:00Z');
const context: SeedContext = { db: database.db, logger: pino({ level: 'silent' }), config, clock };

/** Two published office listings (weekdays 09:00–18:00 in Madrid, 20 € an hour) per demo host. */
const hostListings: SeedStep = {
  name: 'fixture-host-listings',
  async run({ db }) {
    const hosts = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, ['lucia@demo.hora.es', 'jordi@demo.hora.es', 'marta@demo.hora.es']));
    await db.insert(listings).values(
      hosts.flatMap((host) =>
        [1, 2].map((n) => ({
          authorId: host.id,
          state: 'published' as const,
          title: `Sala ${n}`,
          description: 'Luminosa.',
          categories: ['sala'],
          address: 'Calle Mayor 1',
          latitude: 40.41,
          longitude: -3.7,
          priceAmount: 2000,
          priceCurrency: 'EUR',
          timeZone: 'Europe/Madrid',
          availabilityPlan: OFFICE_PLAN,
          publishedAt: clock.now(),
        })),
      ),
    );
  },
};

beforeAll(async () => {
  await seedDemoData(context, [demoUsersStep, hostListings, demoPayoutsStep, demoBookingsStep]);
}, 120_000);

describe('demo bookings', () => {
  it('writes past and upcoming bookings in several states between the demo guests and hosts', async () => {
    const rows = await database.db.select().from(transactions).orderBy(asc(transactions.createdAt));
    expect(rows.map((r) => r.state).sort()).toEqual(
      [
        'accepted',
        'accepted',
        'canceled',
        'declined',
        'delivered',
        'payment-expired',
        'preauthorized',
        'reviewed',
      ].sort(),
    );
    const repository = transactionRepository(database.db);
    for (const row of rows) {
      const stored = await repository.find(row.id);
      // Every recorded transition is one the process allows, in order, at its time.
      let tx = createTransaction({
        id: row.id,
        customerId: row.customerId,
        providerId: row.providerId,
        createdAt: row.createdAt,
        booking: { start: stored?.booking?.start as Date, end: stored?.booking?.end as Date },
      });
      for (const record of stored?.transitions ?? []) {
        const result = transition(tx, record.transition, record.by, record.createdAt);
        expect(result.ok, `${row.state}: ${record.transition}`).toBe(true);
        if (result.ok) tx = result.transaction;
      }
      expect(tx.state).toBe(row.state);
      expect(stored?.booking?.holdsSeats).toBe(holdsSeats(row.state));
      expect(Number.isInteger(row.payinTotal) && (row.payinTotal ?? 0) > (row.payoutTotal ?? 0)).toBe(true);
      if (row.state === 'accepted')
        expect(stored?.booking?.start.getTime()).toBeGreaterThan(clock.now().getTime());
      if (row.state === 'delivered')
        expect(stored?.booking?.end.getTime()).toBeLessThan(clock.now().getTime());
    }
  });

  it('has a paid request waiting for lucia@, whose card payment her accept can capture', async () => {
    const [waiting] = await database.db
      .select()
      .from(transactions)
      .where(eq(transactions.state, 'preauthorized'));
    const [lucia] = await database.db.select().from(users).where(eq(users.email, 'lucia@demo.hora.es'));
    const [account] = await database.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, lucia?.id as string));
    expect(waiting?.providerId).toBe(lucia?.id);
    expect(waiting?.transferDestination).toBe(account?.providerAccountId);
    expect(waiting?.paymentIntentStatus).toBe('requires_capture');
    // Her decision is due before the booking starts: the expire timer is set.
    expect(waiting?.nextTimerAt?.getTime()).toBeGreaterThan(clock.now().getTime());
    const { charges } = createPayments(config, { db: database.db, clock });
    const intent = await charges.retrievePaymentIntent(waiting?.paymentIntentId as string);
    expect([intent.status, intent.amount]).toEqual([
      'requires_capture',
      { amount: waiting?.payinTotal, currency: 'EUR' },
    ]);
    expect(intent.metadata.transactionId).toBe(waiting?.id);
    // What the engine's accept job does with it (engine tests cover the job itself).
    const captured = await charges.capturePaymentIntent(intent.id, {
      idempotencyKey: `${waiting?.id}:accept`,
    });
    expect(captured.status).toBe('succeeded');
  });

  it('has the reviewed booking’s two reviews public, each of the other party', async () => {
    const [reviewed] = await database.db
      .select()
      .from(transactions)
      .where(eq(transactions.state, 'reviewed'));
    const written = await database.db
      .select()
      .from(reviews)
      .where(eq(reviews.transactionId, reviewed?.id as string));
    expect(written.map((r) => [r.type, r.state]).sort()).toEqual([
      ['ofCustomer', 'public'],
      ['ofProvider', 'public'],
    ]);
    const ofHost = written.find((r) => r.type === 'ofProvider');
    expect([ofHost?.authorId, ofHost?.subjectId, ofHost?.listingId]).toEqual([
      reviewed?.customerId,
      reviewed?.providerId,
      reviewed?.listingId,
    ]);
  });

  it('leaves what the engine’s timers and reconciler can carry on from', async () => {
    const engine = transactionEngine({
      db: database.db,
      clock,
      charges: new FakeCharges(),
      freeTime: freeTimeRefresher({ clock, bookings: seatBookingsReader(database.db) }),
      logger: pino({ level: 'silent' }),
    });
    await startTestRunner(database.pool, [...transactionJobs(engine, clock), notifyQueue], { work: false });
    clock.advance(14 * 24 * 60 * 60_000);
    await engine.reconcile();
    const rows = await database.db.select({ state: transactions.state }).from(transactions);
    expect(rows.map((r) => r.state).sort()).toEqual(
      // The request lucia@ never answered expires into `declined`, as the process has it.
      [
        'canceled',
        'declined',
        'declined',
        'delivered',
        'delivered',
        'payment-expired',
        'reviewed',
        'reviewed',
      ].sort(),
    );
    const [completed] = await database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.lastTransition, 'complete'));
    expect(completed).toBeDefined();
  });
});
