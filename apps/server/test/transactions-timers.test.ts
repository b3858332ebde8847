import type { AvailabilityPlan } from '@hora/core/availability';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../src/clock.ts';
import { bookings } from '../src/db/schema/index.ts';
import { shiftWaitingJobs } from '../src/jobs/job-repository.ts';
import { createPaymentEventHandler, transactionJobs } from '../src/modules/transactions/index.ts';
import type { TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { startTestRunner, storedJobs } from './jobs.ts';
import {
  type BookingApp,
  book,
  booked,
  buildBookingApp,
  hostListing,
  nextSlot,
  notifyQueue,
  paid,
  people,
  runPaymentActions,
  runTransition,
} from './transactions.ts';

const database = await createTestDatabase();
let b: BookingApp;
let host: TestUser;
let guest: TestUser;

beforeAll(async () => {
  b = await buildBookingApp(database);
  [host, guest] = (await people(b.app, 2)) as [TestUser, TestUser];
});

const MINUTE = 60_000;

async function stateOf(id: string) {
  return (await b.engine.repository.find(id))?.transaction.state;
}

async function notifications(id: string) {
  return (await storedJobs(b.db, 'transactions.notify'))
    .filter((job) => job.data.transactionId === id)
    .map((job) => job.data.transition);
}

async function deleteTimers(id: string) {
  await b.db.execute(
    sql`delete from pgboss.job where name = 'transactions.timer' and data->>'transactionId' = ${id}`,
  );
}

describe('timers', () => {
  it('expires an unpaid request at 15 minutes, not before, and frees the slot', async () => {
    const listingId = await hostListing(b, host);
    const slot = nextSlot(b.clock);
    const id = await booked(b, guest, listingId, ...slot);
    b.clock.advance(14 * MINUTE);
    expect(await b.engine.runTimer({ transactionId: id, transition: 'expire-payment' })).toBe('rescheduled');
    expect(await stateOf(id)).toBe('pending-payment');
    b.clock.advance(MINUTE);
    expect(await b.engine.runTimer({ transactionId: id, transition: 'expire-payment' })).toBe('ran');
    expect(await stateOf(id)).toBe('payment-expired');
    expect((await b.engine.repository.find(id))?.booking?.holdsSeats).toBe(false);
    // A second run of the same timer (a retry, the reconciler) changes nothing.
    expect(await b.engine.runTimer({ transactionId: id, transition: 'expire-payment' })).toBe('skipped');
    expect(await notifications(id)).toEqual(['request-payment', 'expire-payment']);
    await runPaymentActions(b);
    const intentId = (await b.engine.repository.find(id))?.transaction.paymentIntentId as string;
    expect((await b.charges.retrievePaymentIntent(intentId)).status).toBe('canceled');
    const [other] = await people(b.app, 1);
    expect((await book(b.app, other as TestUser, listingId, ...slot)).statusCode).toBe(201);
  });

  it('runs due timers through pg-boss when the test clock moves', async () => {
    const runner = await startTestRunner(database.pool, [...transactionJobs(b.engine, b.clock), notifyQueue]);
    try {
      const listingId = await hostListing(b, host);
      const id = await booked(b, guest, listingId, ...nextSlot(b.clock));
      await shiftWaitingJobs(b.db, 15 * MINUTE);
      b.clock.advance(15 * MINUTE);
      for (let i = 0; i < 40 && (await stateOf(id)) !== 'payment-expired'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(await stateOf(id)).toBe('payment-expired');
      for (let i = 0; i < 40 && (await b.engine.repository.payments(id)).length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect((await b.engine.repository.payments(id)).map((p) => p.outcome)).toEqual(['canceled']);
    } finally {
      await runner.stop({ timeoutMs: 1000 });
    }
  });

  it('completes an accepted booking at its end, and expires an unanswered request', async () => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock);
    const accepted = await booked(b, guest, listingId, start, end);
    await paid(b, guest, accepted);
    expect((await runTransition(b.app, host, accepted, 'accept')).statusCode).toBe(200);
    const [laterStart, laterEnd] = nextSlot(b.clock, 2, 14);
    const unanswered = await booked(b, guest, listingId, laterStart, laterEnd);
    await paid(b, guest, unanswered);
    const timers = await b.db.execute<{ transition: string }>(sql`
      select data->>'transition' as transition from pgboss.job
      where name = 'transactions.timer' and data->>'transactionId' in (${accepted}, ${unanswered}) order by created_on`);
    expect(timers.rows.map((r) => r.transition)).toEqual([
      'expire-payment',
      'expire',
      'complete',
      'expire-payment',
      'expire',
    ]);
    b.clock.set(end);
    expect(await b.engine.runTimer({ transactionId: accepted, transition: 'complete' })).toBe('ran');
    expect(await stateOf(accepted)).toBe('delivered');
    // expire: booking end + 1 day (earlier than 6 days after the payment).
    b.clock.set(new Date(new Date(laterEnd).getTime() + 24 * 60 * MINUTE));
    expect(await b.engine.runTimer({ transactionId: unanswered, transition: 'expire' })).toBe('ran');
    expect(await stateOf(unanswered)).toBe('declined');
  });
});

describe('the reconciler', () => {
  it('expires a request whose timer was lost, and releases its hold', async () => {
    const listingId = await hostListing(b, host);
    const slot = nextSlot(b.clock);
    const id = await booked(b, guest, listingId, ...slot);
    await deleteTimers(id);
    b.clock.advance(16 * MINUTE);
    const report = await b.engine.reconcile();
    expect(report.timers).toBeGreaterThanOrEqual(1);
    expect(await stateOf(id)).toBe('payment-expired');
    expect(
      b.logs.lines.some(
        (l) => l.message === 'reconciler ran an overdue timer' && l.fields.transactionId === id,
      ),
    ).toBe(true);
    const [other] = await people(b.app, 1);
    expect((await book(b.app, other as TestUser, listingId, ...slot)).statusCode).toBe(201);
  });

  it('completes an accepted booking past its end whose timer was lost', async () => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock);
    const id = await booked(b, guest, listingId, start, end);
    await paid(b, guest, id);
    await runTransition(b.app, host, id, 'accept');
    await deleteTimers(id);
    b.clock.set(new Date(new Date(end).getTime() + 2 * MINUTE));
    await b.engine.reconcile();
    expect(await stateOf(id)).toBe('delivered');
  });

  it('queues again a release that never ran, and refunds money taken for an expired request', async () => {
    const listingId = await hostListing(b, host);
    const id = await booked(b, guest, listingId, ...nextSlot(b.clock));
    const intentId = (await b.engine.repository.find(id))?.transaction.paymentIntentId as string;
    // The customer's card was authorised and (by a fault elsewhere) captured, yet the window closed.
    b.charges.authorize(intentId);
    await b.charges.capturePaymentIntent(intentId, { idempotencyKey: 'elsewhere' });
    b.clock.advance(15 * MINUTE);
    await b.engine.runTimer({ transactionId: id, transition: 'expire-payment' });
    await b.db.execute(
      sql`delete from pgboss.job where name = 'transactions.payment-action' and data->>'transactionId' = ${id}`,
    );
    b.clock.advance(2 * MINUTE);
    const report = await b.engine.reconcile();
    expect(report.payments).toBeGreaterThanOrEqual(1);
    await runPaymentActions(b);
    const payments = await b.engine.repository.payments(id);
    expect(payments.map((p) => [p.transition, p.outcome])).toEqual([['expire-payment', 'refunded']]);
    expect(b.charges.refunds.filter((r) => r.amount.amount > 0).length).toBeGreaterThan(0);
  });

  it('releases a seat hold its transaction no longer has', async () => {
    const listingId = await hostListing(b, host);
    const id = await booked(b, guest, listingId, ...nextSlot(b.clock));
    b.clock.advance(15 * MINUTE);
    await b.engine.runTimer({ transactionId: id, transition: 'expire-payment' });
    await b.db.update(bookings).set({ holdsSeats: true }).where(sql`${bookings.transactionId} = ${id}`);
    const report = await b.engine.reconcile();
    expect(report.holds).toBe(1);
    expect((await b.engine.repository.find(id))?.booking?.holdsSeats).toBe(false);
  });
});

describe('payment events', () => {
  it('confirms the payment once on amount_capturable_updated; replays and mismatches change nothing', async () => {
    const handler = createPaymentEventHandler({
      engine: b.engine,
      charges: b.charges,
      logger: b.logs.logger,
    });
    const listingId = await hostListing(b, host);
    const id = await booked(b, guest, listingId, ...nextSlot(b.clock));
    const intentId = (await b.engine.repository.find(id))?.transaction.paymentIntentId as string;
    const event = {
      id: 'evt_1',
      type: 'payment_intent.amount_capturable_updated',
      objectId: intentId,
      metadata: { transactionId: id },
    };
    await handler.handle(event);
    expect(await stateOf(id)).toBe('pending-payment');
    b.charges.authorize(intentId);
    await handler.handle(event);
    await handler.handle({ ...event, id: 'evt_2' });
    expect(await stateOf(id)).toBe('preauthorized');
    expect(await notifications(id)).toEqual(['request-payment', 'confirm-payment']);
    // The customer's own confirm after the event answers the transaction as it stands (decision
    // 0032): no second transition, no second notification.
    const late = await runTransition(b.app, guest, id, 'confirm-payment');
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().transaction.state).toBe('preauthorized');
    expect(await notifications(id)).toEqual(['request-payment', 'confirm-payment']);
  });
});

describe('daylight saving time', () => {
  it('prices a booking across the October change in Madrid by the hours that really pass', async () => {
    const dst = await buildBookingApp(await createTestDatabase(), {
      clock: new TestClock('2026-10-20T10:00:00Z'),
    });
    const [h, g] = (await people(dst.app, 2)) as [TestUser, TestUser];
    const allDay: AvailabilityPlan = {
      type: 'availability-plan/time',
      timezone: 'Europe/Madrid',
      entries: (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((dayOfWeek) => ({
        dayOfWeek,
        seats: 1,
        startTime: '00:00',
        endTime: '00:00',
      })),
    };
    const listingId = await hostListing(dst, h, { plan: allDay });
    // Saturday 24 October 22:00 (CEST) to Sunday 25 October 04:00 (CET): the clock goes back at 03:00.
    const response = await book(dst.app, g, listingId, '2026-10-24T20:00:00Z', '2026-10-25T03:00:00Z');
    expect(response.statusCode, response.body).toBe(201);
    const [units] = response.json().transaction.lineItems;
    expect(units).toMatchObject({ quantity: 7, lineTotal: { amount: 14_000, currency: 'EUR' } });
  });
});
