import { randomUUID } from 'node:crypto';
import { TRANSITION_NAMES } from '@hora/core/process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  idempotencyKeys,
  transactionMessages,
  transactions,
  users,
} from '../src/db/schema/index.ts';
import { browser, errorCode, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { storedJobs } from './jobs.ts';
import {
  type BookingApp,
  book,
  booked,
  buildBookingApp,
  hostListing,
  nextSlot,
  paid,
  people,
  runFreeTimeJobs,
  runPaymentActions,
  runTransition,
  TUESDAY_10,
  TUESDAY_11,
  TUESDAY_12,
  TUESDAY_13,
} from './transactions.ts';

const database = await createTestDatabase();
let b: BookingApp;
let host: TestUser;
let guest: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  b = await buildBookingApp(database);
  [host, guest, stranger] = (await people(b.app, 3)) as [TestUser, TestUser, TestUser];
});

const lineItems = (listingId: string, start = TUESDAY_10, end = TUESDAY_12) =>
  b.app.inject({
    method: 'POST',
    url: '/api/transactions/line-items',
    headers: browser(),
    payload: { listingId, bookingStart: start, bookingEnd: end },
  });

const speculate = (user: TestUser, listingId: string, start = TUESDAY_10, end = TUESDAY_12) =>
  b.app.inject({
    method: 'POST',
    url: '/api/transactions/speculate',
    headers: browser(user.cookie),
    payload: { listingId, bookingStart: start, bookingEnd: end },
  });

const show = (user: TestUser, id: string) =>
  b.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: browser(user.cookie) });

describe('line items', () => {
  it('prices two hours on the server, for anyone', async () => {
    const listingId = await hostListing(b, host);
    const response = await lineItems(listingId);
    expect(response.statusCode, response.body).toBe(200);
    const breakdown = response.json();
    expect(breakdown.lineItems[0]).toMatchObject({
      code: 'line-item/units',
      quantity: 2,
      unitPrice: { amount: 2000, currency: 'EUR' },
      lineTotal: { amount: 4000, currency: 'EUR' },
    });
    expect(breakdown.payinTotal.currency).toBe('EUR');
    expect(Number.isInteger(breakdown.payinTotal.amount)).toBe(true);
    expect(breakdown.payinTotal.amount).toBeGreaterThanOrEqual(breakdown.payoutTotal.amount);
    expect(breakdown.timeZone).toBe('Europe/Madrid');
  });

  it('refuses an end before the start, an unpublished listing and a missing price', async () => {
    const listingId = await hostListing(b, host);
    expect((await lineItems(listingId, TUESDAY_12, TUESDAY_10)).statusCode).toBe(400);
    const unknown = await lineItems(randomUUID());
    expect([unknown.statusCode, errorCode(unknown)]).toEqual([409, 'transaction-listing-not-found']);
    const free = await hostListing(b, host, { priceAmount: null });
    const noPrice = await lineItems(free);
    expect([noPrice.statusCode, errorCode(noPrice), noPrice.json().errors[0].meta.reason]).toEqual([
      400,
      'validation-invalid-value',
      'price-missing',
    ]);
  });
});

describe('speculate', () => {
  it('answers the breakdown after the checks, and writes nothing', async () => {
    const listingId = await hostListing(b, host);
    const response = await speculate(guest, listingId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().breakdown.lineItems[0].quantity).toBe(2);
    const [count] = await b.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
    expect(count?.n).toBe(0);
  });

  it('refuses one’s own listing, a host who cannot be paid, closed time and visitors', async () => {
    const listingId = await hostListing(b, host);
    expect(errorCode(await speculate(host, listingId))).toBe('transaction-own-listing');
    const unpaid = await hostListing(b, stranger, { payable: false });
    const noAccount = await speculate(guest, unpaid);
    expect([noAccount.statusCode, errorCode(noAccount)]).toEqual([409, 'transaction-missing-stripe-account']);
    // Saturday is outside the weekday plan.
    const saturday = await speculate(guest, listingId, '2026-05-09T08:00:00Z', '2026-05-09T10:00:00Z');
    expect([saturday.statusCode, errorCode(saturday)]).toEqual([
      409,
      'transaction-booking-time-not-available',
    ]);
    // Off the hour grid.
    const offGrid = await speculate(guest, listingId, '2026-05-05T08:30:00Z', '2026-05-05T10:00:00Z');
    expect(errorCode(offGrid)).toBe('transaction-booking-time-not-available');
    const visitor = await b.app.inject({
      method: 'POST',
      url: '/api/transactions/speculate',
      headers: browser(),
      payload: { listingId, bookingStart: TUESDAY_10, bookingEnd: TUESDAY_12 },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('request-payment', () => {
  it('holds the seats, creates the intent and answers the customer with its secret', async () => {
    const listingId = await hostListing(b, host);
    const response = await book(b.app, guest, listingId, TUESDAY_10, TUESDAY_12, {
      message: '  Hola, somos 4.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json().transaction;
    expect(view).toMatchObject({
      state: 'pending-payment',
      lastTransition: 'request-payment',
      role: 'customer',
      nextTransitions: ['confirm-payment'],
      booking: { start: TUESDAY_10, end: TUESDAY_12 },
      listing: { id: listingId, address: null },
      payment: { intentStatus: 'requires_payment_method', expiresAt: '2026-05-04T06:15:00.000Z' },
    });
    expect(view.payment.clientSecret).toMatch(/^pi_/);
    const intent = b.charges.intents.find((i) => i.metadata.transactionId === view.id);
    expect(intent?.amount).toEqual(view.payinTotal);

    const [held] = await b.db.select().from(bookings).where(sql`${bookings.transactionId} = ${view.id}`);
    expect(held?.holdsSeats).toBe(true);
    const [message] = await b.db
      .select()
      .from(transactionMessages)
      .where(sql`${transactionMessages.transactionId} = ${view.id}`);
    expect(message?.content).toBe('Hola, somos 4.');

    const notify = (await storedJobs(b.db, 'transactions.notify')).filter(
      (j) => j.data.transactionId === view.id,
    );
    expect(notify.map((j) => j.data.transition)).toEqual(['request-payment']);
    const timers = await b.db.execute<{ transition: string; seconds: number }>(sql`
      select data->>'transition' as transition, extract(epoch from start_after - created_on)::int as seconds
      from pgboss.job where name = 'transactions.timer' and data->>'transactionId' = ${view.id}`);
    expect(timers.rows).toEqual([{ transition: 'expire-payment', seconds: 900 }]);

    // The time slots see the hold at once; the search once the listing's free-time job ran (decision
    // 0065), queued with the booking.
    const slots = await b.app.inject({
      method: 'GET',
      url: `/api/listings/${listingId}/time-slots?start=2026-05-05T00:00:00Z&end=2026-05-06T00:00:00Z`,
    });
    expect(slots.json().data.map((s: { start: string; end: string }) => [s.start, s.end])).toEqual([
      ['2026-05-05T07:00:00.000Z', TUESDAY_10],
      [TUESDAY_12, '2026-05-05T16:00:00.000Z'],
    ]);
    const free = async () =>
      (
        await b.db.execute<{ free: boolean }>(sql`
          select free @> tstzrange(${TUESDAY_10}::timestamptz, ${TUESDAY_12}::timestamptz) as free
          from listing_free_time where listing_id = ${listingId}`)
      ).rows[0]?.free;
    expect(await free()).toBe(true);
    expect((await runFreeTimeJobs(b)).filter((id) => id === listingId)).toEqual([listingId]);
    expect(await free()).toBe(false);
  });

  it('refuses a second booking of the same, an overlapping, and allows an adjacent range', async () => {
    const listingId = await hostListing(b, host);
    await booked(b, guest, listingId, TUESDAY_10, TUESDAY_12);
    const same = await book(b.app, stranger, listingId, TUESDAY_10, TUESDAY_12);
    expect([same.statusCode, errorCode(same)]).toEqual([409, 'transaction-booking-time-not-available']);
    const overlapping = await book(b.app, stranger, listingId, TUESDAY_11, TUESDAY_13);
    expect(errorCode(overlapping)).toBe('transaction-booking-time-not-available');
    const adjacent = await book(b.app, stranger, listingId, TUESDAY_12, TUESDAY_13);
    expect(adjacent.statusCode, adjacent.body).toBe(201);
    // One free-time job for the listing (the second booking found it waiting and queued none)
    // refreshes for both bookings: neither range is free.
    expect((await runFreeTimeJobs(b)).filter((id) => id === listingId)).toEqual([listingId]);
    const free = await b.db.execute<{ first: boolean; second: boolean }>(sql`
      select free && tstzrange(${TUESDAY_10}::timestamptz, ${TUESDAY_12}::timestamptz) as first,
        free && tstzrange(${TUESDAY_12}::timestamptz, ${TUESDAY_13}::timestamptz) as second
      from listing_free_time where listing_id = ${listingId}`);
    expect(free.rows[0]).toEqual({ first: false, second: false });
  });

  it('holds the buffers: a booking inside another’s buffer is refused', async () => {
    const rules = {
      minDurationMinutes: 60,
      maxDurationMinutes: null,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 60,
      advanceNoticeMinutes: 0,
      bookingWindowDays: 90,
      slotStepMinutes: 60 as const,
    };
    const listingId = await hostListing(b, host, { rules });
    const id = await booked(b, guest, listingId, TUESDAY_10, TUESDAY_11);
    const [held] = await b.db.select().from(bookings).where(sql`${bookings.transactionId} = ${id}`);
    expect(held?.during).toBe('["2026-05-05 08:00:00+00","2026-05-05 10:00:00+00")');
    const inBuffer = await book(b.app, stranger, listingId, TUESDAY_11, TUESDAY_12);
    expect(errorCode(inBuffer)).toBe('transaction-booking-time-not-available');
    expect((await book(b.app, stranger, listingId, TUESDAY_12, TUESDAY_13)).statusCode).toBe(201);
  });

  it('needs an Idempotency-Key, and answers a retry with the first answer', async () => {
    const listingId = await hostListing(b, host);
    const noKey = await b.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: browser(guest.cookie),
      payload: {
        listingId,
        transition: 'request-payment',
        bookingStart: TUESDAY_10,
        bookingEnd: TUESDAY_12,
        paymentMethod: 'new',
        saveCard: false,
      },
    });
    expect([noKey.statusCode, errorCode(noKey)]).toEqual([400, 'validation-invalid-params']);

    const key = randomUUID();
    const first = await book(b.app, guest, listingId, TUESDAY_10, TUESDAY_12, { key });
    const again = await book(b.app, guest, listingId, TUESDAY_10, TUESDAY_12, { key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const created = b.charges.calls.filter((c) => c.key === `${first.json().transaction.id}:request-payment`);
    expect(created).toHaveLength(1);
    const other = await book(b.app, guest, listingId, TUESDAY_12, TUESDAY_13, { key });
    expect([other.statusCode, errorCode(other)]).toEqual([409, 'idempotency-key-reused']);
    const rows = await b.db.select().from(transactions).where(sql`${transactions.listingId} = ${listingId}`);
    expect(rows).toHaveLength(1);
    // Another person's key of the same text is theirs alone.
    expect((await book(b.app, stranger, listingId, TUESDAY_12, TUESDAY_13, { key })).statusCode).toBe(201);
  });

  it('answers two simultaneous retries of one key with one transaction', async () => {
    const listingId = await hostListing(b, host);
    const key = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => book(b.app, guest, listingId, TUESDAY_10, TUESDAY_12, { key })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().transaction.id)).size).toBe(1);
  });

  it('pays with the saved card, or refuses when there is none; a refused card is 402', async () => {
    const listingId = await hostListing(b, host);
    const noCard = await book(b.app, stranger, listingId, TUESDAY_10, TUESDAY_11, {
      paymentMethod: 'default',
    });
    expect([noCard.statusCode, noCard.json().errors[0].meta.reason]).toEqual([400, 'no-default-card']);
    b.cards.cards.set(stranger.id, { customerId: 'cus_saved', paymentMethodId: 'pm_saved' });
    const withCard = await book(b.app, stranger, listingId, TUESDAY_10, TUESDAY_11, {
      paymentMethod: 'default',
    });
    expect(withCard.statusCode, withCard.body).toBe(201);
    const intent = b.charges.intents.find((i) => i.metadata.transactionId === withCard.json().transaction.id);
    // Set on the intent, not confirmed: the browser confirms it, as with a new card.
    expect(intent).toMatchObject({
      customerId: 'cus_saved',
      paymentMethodId: 'pm_saved',
      status: 'requires_confirmation',
    });

    b.charges.declineNext = 'card_declined';
    const key = randomUUID();
    const declined = await book(b.app, stranger, listingId, TUESDAY_12, TUESDAY_13, {
      paymentMethod: 'default',
      key,
    });
    expect([declined.statusCode, errorCode(declined), declined.json().errors[0].meta.code]).toEqual([
      402,
      'transaction-payment-failed',
      'card_declined',
    ]);
    const replayed = await book(b.app, stranger, listingId, TUESDAY_12, TUESDAY_13, {
      paymentMethod: 'default',
      key,
    });
    expect([replayed.statusCode, errorCode(replayed)]).toEqual([402, 'transaction-payment-failed']);
  });

  it('keeps the intent of a booking whose connection was lost after its commit; the retry pays with it', async () => {
    const listingId = await hostListing(b, host);
    const key = randomUUID();
    // The writes commit, then the connection fails before their answer arrives.
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = prototype.query;
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      const text = typeof first === 'string' ? first : (first.text ?? '');
      if (!text.includes('hora_key_gate(')) return query.apply(this, args);
      // The pool's clients send their statements with a callback (decision 0076): the statement
      // runs and commits, and its answer becomes the lost connection's error.
      const callback = args.at(-1) as (error: Error | null, result?: unknown) => void;
      return query.apply(this, [
        ...args.slice(0, -1),
        () => callback(new Error('Connection terminated unexpectedly')),
      ]);
    };
    let lost: Awaited<ReturnType<typeof book>>;
    try {
      lost = await book(b.app, guest, listingId, TUESDAY_10, TUESDAY_11, { key });
    } finally {
      prototype.query = query;
    }
    expect(lost.statusCode).toBe(500);
    const retry = await book(b.app, guest, listingId, TUESDAY_10, TUESDAY_11, { key });
    expect(retry.statusCode, retry.body).toBe(201);
    const id = retry.json().transaction.id as string;
    const intent = b.charges.intents.find((i) => i.metadata.transactionId === id);
    // Not cancelled: the key showed the writes committed, so the intent is the booking's.
    expect(intent?.status).toBe('requires_payment_method');
    expect(retry.json().transaction.payment.clientSecret).toBe(intent?.clientSecret);
  });

  it('saves a new card on the customer when asked', async () => {
    const listingId = await hostListing(b, host);
    const response = await book(b.app, guest, listingId, TUESDAY_10, TUESDAY_11, { saveCard: true });
    const intent = b.charges.intents.find((i) => i.metadata.transactionId === response.json().transaction.id);
    expect(intent?.customerId).toBe(`cus_${guest.id.slice(0, 8)}`);
    expect(intent?.paymentMethodId).toBeNull();
  });
});

/** A transaction driven to `state` through the engine, as the parties, timers and the operator would. */
async function transactionIn(state: string): Promise<string> {
  const listingId = await hostListing(b, host);
  const [start, end] = nextSlot(b.clock);
  const id = await booked(b, guest, listingId, start, end);
  if (state === 'pending-payment') return id;
  if (state === 'payment-expired') {
    b.clock.advance(15 * 60_000);
    await b.engine.runTimer({ transactionId: id, transition: 'expire-payment' });
    return id;
  }
  await paid(b, guest, id);
  if (state === 'preauthorized') return id;
  if (state === 'declined') {
    expect((await runTransition(b.app, host, id, 'decline')).statusCode).toBe(200);
    return id;
  }
  expect((await runTransition(b.app, host, id, 'accept')).statusCode).toBe(200);
  if (state === 'accepted') return id;
  if (state === 'canceled') {
    await b.engine.decide({ transactionId: id, transition: 'cancel', actor: 'operator' });
    return id;
  }
  throw new Error(state);
}

describe('the process table over HTTP', () => {
  const allowed: Record<string, Record<string, string[]>> = {
    'pending-payment': { customer: ['confirm-payment'], provider: [] },
    preauthorized: { customer: [], provider: ['decline', 'accept'] },
    accepted: { customer: [], provider: [] },
    declined: { customer: [], provider: [] },
    'payment-expired': { customer: [], provider: [] },
    canceled: { customer: [], provider: [] },
  };

  it.each(Object.keys(allowed))(
    'in %s refuses every transition but the party’s own, system and operator ones always',
    async (state) => {
      const id = await transactionIn(state);
      for (const [role, user] of [
        ['customer', guest],
        ['provider', host],
      ] as const) {
        for (const name of [...TRANSITION_NAMES, 'no-such-transition']) {
          if (allowed[state]?.[role]?.includes(name)) continue;
          // Confirmed already (by the payment's event): the customer's own call answers 200, below.
          if (state === 'preauthorized' && role === 'customer' && name === 'confirm-payment') continue;
          const response = await runTransition(b.app, user, id, name);
          expect([name, role, response.statusCode, errorCode(response)]).toEqual([
            name,
            role,
            409,
            'transaction-invalid-transition',
          ]);
        }
        const view = (await show(user, id)).json().transaction;
        expect(view.state).toBe(state);
        expect(view.nextTransitions).toEqual(allowed[state]?.[role]);
      }
    },
  );

  it('answers 404 to anyone but the two parties, for reading and acting alike', async () => {
    const id = await transactionIn('preauthorized');
    expect((await show(stranger, id)).statusCode).toBe(404);
    const accept = await runTransition(b.app, stranger, id, 'accept');
    expect(accept.statusCode).toBe(404);
    expect((await show(host, id)).json().transaction.state).toBe('preauthorized');
    const visitor = await b.app.inject({ method: 'GET', url: `/api/transactions/${id}` });
    expect(visitor.statusCode).toBe(401);
  });

  it('confirms a payment only when the intent holds the payin total', async () => {
    const id = await transactionIn('pending-payment');
    const early = await runTransition(b.app, guest, id, 'confirm-payment');
    expect([early.statusCode, errorCode(early), early.json().errors[0].meta.code]).toEqual([
      402,
      'transaction-payment-failed',
      'requires_payment_method',
    ]);
    await paid(b, guest, id);
    const view = (await show(host, id)).json().transaction;
    expect(view).toMatchObject({ state: 'preauthorized', nextTransitions: ['decline', 'accept'] });
    expect(view.payment.clientSecret).toBeNull();
  });

  it('answers the customer’s confirm-payment after the payment’s event ran it with the transaction, once', async () => {
    const id = await transactionIn('pending-payment');
    const stored = await b.engine.repository.find(id);
    b.charges.authorize(stored?.transaction.paymentIntentId as string);
    // The payment's event confirms for the customer first (as createPaymentEventHandler does).
    await b.engine.decide({ transactionId: id, transition: 'confirm-payment', actor: 'customer' });
    const own = await runTransition(b.app, guest, id, 'confirm-payment');
    expect([own.statusCode, own.json().transaction.state]).toEqual([200, 'preauthorized']);
    const notify = (await storedJobs(b.db, 'transactions.notify')).filter((j) => j.data.transactionId === id);
    expect(notify.map((j) => j.data.transition)).toEqual(['request-payment', 'confirm-payment']);
    // Once the host has decided, it is refused as before.
    expect((await runTransition(b.app, host, id, 'accept')).statusCode).toBe(200);
    const late = await runTransition(b.app, guest, id, 'confirm-payment');
    expect([late.statusCode, errorCode(late)]).toEqual([409, 'transaction-invalid-transition']);
  });

  it('answers a retried transition with the first answer, and refuses a reused key', async () => {
    const id = await transactionIn('preauthorized');
    const key = randomUUID();
    const first = await runTransition(b.app, host, id, 'accept', key);
    const again = await runTransition(b.app, host, id, 'accept', key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    const reused = await runTransition(b.app, host, id, 'decline', key);
    expect(errorCode(reused)).toBe('idempotency-key-reused');
    const notify = (await storedJobs(b.db, 'transactions.notify')).filter((j) => j.data.transactionId === id);
    expect(notify.map((j) => j.data.transition)).toEqual(['request-payment', 'confirm-payment', 'accept']);
  });

  it('answers 409 in progress while another accept or decline holds the transaction', async () => {
    const id = await transactionIn('preauthorized');
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      await client.query('select 1 from transactions where id = $1 for update', [id]);
      const response = await runTransition(b.app, host, id, 'decline');
      expect([response.statusCode, errorCode(response)]).toEqual([409, 'transaction-transition-in-progress']);
    } finally {
      await client.query('rollback');
      client.release();
    }
    expect((await runTransition(b.app, host, id, 'decline')).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous accept and decline win', async () => {
    const id = await transactionIn('preauthorized');
    const answers = await Promise.all([
      runTransition(b.app, host, id, 'accept'),
      runTransition(b.app, host, id, 'decline'),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(1);
  });
});

describe('payments after the decision', () => {
  it('captures at accept and records the payout as routed at complete', async () => {
    const id = await transactionIn('accepted');
    await runPaymentActions(b);
    const stored = await b.engine.repository.find(id);
    const intent = await b.charges.retrievePaymentIntent(stored?.transaction.paymentIntentId as string);
    expect(intent.status).toBe('succeeded');
    expect(intent.amountReceived).toBe(stored?.transaction.payinTotal);
    // The customer sees the address now.
    expect((await show(guest, id)).json().transaction.listing.address).toEqual({
      address: 'Calle Falsa 1',
      building: null,
    });
    b.clock.set(stored?.booking?.end as Date);
    expect(await b.engine.runTimer({ transactionId: id, transition: 'complete' })).toBe('ran');
    await runPaymentActions(b);
    const payments = await b.engine.repository.payments(id);
    expect(payments.map((p) => [p.transition, p.action, p.outcome])).toEqual([
      ['accept', 'capture', 'captured'],
      ['complete', 'transfer', 'routed-at-capture'],
    ]);
    // Run twice: nothing moves twice.
    await runPaymentActions(b);
    expect(
      b.charges.calls.filter((c) => c.method === 'capturePaymentIntent' && c.id === intent.id),
    ).toHaveLength(1);
  });

  it('releases the authorisation at decline, and the slot is free again', async () => {
    const id = await transactionIn('declined');
    await runPaymentActions(b);
    const stored = await b.engine.repository.find(id);
    expect(stored?.booking?.holdsSeats).toBe(false);
    const intent = await b.charges.retrievePaymentIntent(stored?.transaction.paymentIntentId as string);
    expect(intent.status).toBe('canceled');
    const view = (await show(guest, id)).json().transaction;
    expect(view.payment.refunded).toEqual(view.payinTotal);
    const again = await book(
      b.app,
      stranger,
      stored?.transaction.listingId as string,
      stored?.booking?.start.toISOString() as string,
      stored?.booking?.end.toISOString() as string,
    );
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refunds at the operator’s cancel', async () => {
    const id = await transactionIn('canceled');
    await runPaymentActions(b);
    const payments = await b.engine.repository.payments(id);
    expect(payments.map((p) => [p.action, p.outcome])).toEqual([
      ['capture', 'captured'],
      ['refund', 'refunded'],
    ]);
  });
});

describe('the views', () => {
  it('lists orders and sales, filtered by last transition, 100 a page at most', async () => {
    const [h, g] = await people(b.app, 2);
    const listingId = await hostListing(b, h as TestUser);
    const [start, middle] = nextSlot(b.clock, 1);
    const [, end] = nextSlot(b.clock, 2);
    await booked(b, g as TestUser, listingId, start, middle);
    await booked(b, g as TestUser, listingId, middle, end);
    const list = (user: TestUser, query: string) =>
      b.app.inject({ method: 'GET', url: `/api/transactions?${query}`, headers: browser(user.cookie) });
    const orders = (await list(g as TestUser, 'only=order')).json();
    expect(orders.meta).toEqual({ page: 1, perPage: 20, totalItems: 2, totalPages: 1 });
    expect(orders.data.every((t: { role: string }) => t.role === 'customer')).toBe(true);
    expect((await list(g as TestUser, 'only=sale')).json().meta.totalItems).toBe(0);
    expect((await list(h as TestUser, 'only=sale&perPage=1')).json().meta).toEqual({
      page: 1,
      perPage: 1,
      totalItems: 2,
      totalPages: 2,
    });
    expect((await list(h as TestUser, 'lastTransitions=accept')).json().meta.totalItems).toBe(0);
    expect((await list(h as TestUser, 'lastTransitions=request-payment,accept')).json().meta.totalItems).toBe(
      2,
    );
    expect((await list(h as TestUser, 'perPage=101')).statusCode).toBe(400);
  });

  it('hides a banned customer’s name and the host’s accept and decline', async () => {
    const id = await transactionIn('preauthorized');
    const [banned] = await people(b.app, 1);
    // The guest is shared by the file: ban a copy of the scene instead.
    const listingId = await hostListing(b, host);
    const other = await booked(b, banned as TestUser, listingId, ...nextSlot(b.clock));
    await paid(b, banned as TestUser, other);
    await b.db
      .update(users)
      .set({ banned: true })
      .where(sql`${users.id} = ${(banned as TestUser).id}`);
    const view = (await show(host, other)).json().transaction;
    expect(view.customer).toMatchObject({ displayName: '', abbreviatedName: '', banned: true, avatar: null });
    expect(view.nextTransitions).toEqual([]);
    expect(errorCode(await runTransition(b.app, host, other, 'accept'))).toBe('transaction-customer-banned');
    expect((await show(host, id)).json().transaction.customer.displayName).toBe('Lucía G.');
  });

  it('keeps idempotency keys a day', async () => {
    const before = await b.db.select({ n: sql<number>`count(*)::int` }).from(idempotencyKeys);
    expect(before[0]?.n).toBeGreaterThan(0);
    b.clock.advance(25 * 60 * 60_000);
    await b.engine.repository.expireIdempotencyKeys(new Date(b.clock.now().getTime() - 24 * 60 * 60_000));
    const after = await b.db.select({ n: sql<number>`count(*)::int` }).from(idempotencyKeys);
    expect(after[0]?.n).toBe(0);
  });
});
