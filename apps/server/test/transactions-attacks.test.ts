import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaymentEventHandler } from '../src/modules/transactions/index.ts';
import { LINE_ITEMS_PER_IP } from '../src/modules/transactions/routes.ts';
import { browser, errorCode, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import {
  type BookingApp,
  book,
  booked,
  buildBookingApp,
  hostListing,
  nextSlot,
  paid,
  people,
  runTransition,
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

const lineItems = (payload: unknown) =>
  b.app.inject({
    method: 'POST',
    url: '/api/transactions/line-items',
    headers: browser(),
    payload: payload as object,
  });

describe('line items under hostile input', () => {
  it.each([
    ['the year 1 to 9999', '0001-01-01T00:00:00Z', '9999-12-31T23:00:00Z'],
    ['a thousand years', '2026-05-05T08:00:00Z', '3026-05-05T08:00:00Z'],
  ])('answers %s with a 4xx, quickly', async (_label, start, end) => {
    const listingId = await hostListing(b, host);
    const began = performance.now();
    const response = await lineItems({ listingId, bookingStart: start, bookingEnd: end });
    expect(performance.now() - began).toBeLessThan(2000);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });

  it.each([
    [{ listingId: ['x'], bookingStart: 1, bookingEnd: {} }],
    [[]],
    [{ listingId: 'not-a-uuid', bookingStart: '2026-05-05T08:00:00Z', bookingEnd: '2026-05-05T10:00:00Z' }],
    [{ listingId: randomUUID(), bookingStart: '2026-05-05T08:00:00Z', bookingEnd: '2026-05-05T08:00:00Z' }],
    [{ listingId: randomUUID(), bookingStart: '2026-13-45T08:00:00Z', bookingEnd: '2026-05-05T08:00:00Z' }],
  ])('refuses malformed bodies with 400 (%#)', async (payload) => {
    const response = await lineItems(payload);
    expect(response.statusCode, response.body).toBe(400);
  });

  it('prices two hours of the far past as an estimate (booking it is refused elsewhere), never a 500', async () => {
    const listingId = await hostListing(b, host);
    const response = await lineItems({
      listingId,
      bookingStart: '1900-01-01T00:00:00Z',
      bookingEnd: '1900-01-01T02:00:00Z',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [start, end] = ['1900-01-01T08:00:00Z', '1900-01-01T10:00:00Z'];
    const refused = await book(b.app, guest, listingId, start, end);
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'transaction-booking-time-not-available']);
  });

  it('a huge price over a long range stays 4xx', async () => {
    const listingId = await hostListing(b, host, { priceAmount: 99_999_999 });
    const response = await lineItems({
      listingId,
      bookingStart: '2026-05-05T08:00:00Z',
      bookingEnd: '2126-05-05T08:00:00Z',
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});

describe('line items rate limit', () => {
  it('answers 429 with Retry-After past the per-address limit, and other addresses still get prices', async () => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock);
    const ask = (remoteAddress: string) =>
      b.app.inject({
        method: 'POST',
        url: '/api/transactions/line-items',
        headers: browser(),
        remoteAddress,
        payload: { listingId, bookingStart: start, bookingEnd: end },
      });
    const statuses: number[] = [];
    for (let i = 0; i <= LINE_ITEMS_PER_IP.max; i += 1) statuses.push((await ask('203.0.113.9')).statusCode);
    expect(statuses.slice(0, LINE_ITEMS_PER_IP.max).every((status) => status === 200)).toBe(true);
    const limited = await ask('203.0.113.9');
    expect([limited.statusCode, errorCode(limited)]).toEqual([429, 'rate-limited']);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await ask('203.0.113.10')).statusCode).toBe(200);
  });
});

describe('speculate and request far from now', () => {
  it.each([
    ['the year 9999', '9999-01-04T08:00:00Z', '9999-01-04T10:00:00Z'],
    ['the year 1', '0001-01-04T08:00:00Z', '0001-01-04T10:00:00Z'],
    ['ninety days, a year away', '2027-05-05T08:00:00Z', '2027-08-03T08:00:00Z'],
  ])('answers %s with 409 not available, quickly', async (_label, start, end) => {
    const listingId = await hostListing(b, host);
    const began = performance.now();
    const speculated = await b.app.inject({
      method: 'POST',
      url: '/api/transactions/speculate',
      headers: browser(guest.cookie),
      payload: { listingId, bookingStart: start, bookingEnd: end },
    });
    const requested = await book(b.app, guest, listingId, start, end);
    expect(performance.now() - began).toBeLessThan(3000);
    for (const response of [speculated, requested]) {
      expect([response.statusCode, errorCode(response)], response.body).toEqual([
        409,
        'transaction-booking-time-not-available',
      ]);
    }
  });
});

describe('the transitions over HTTP, attacked', () => {
  it.each([
    'expire-payment',
    'expire',
    'complete',
    'cancel',
    'operator-cancel',
    'no-such-thing',
    'request-payment',
    '__proto__',
    'constructor',
  ])('refuses %s from the customer and the provider with a 4xx', async (transition) => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock);
    const id = await booked(b, guest, listingId, start, end);
    for (const who of [guest, host]) {
      const response = await runTransition(b.app, who, id, transition);
      expect(response.statusCode, `${transition} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
    const stored = await b.engine.repository.find(id);
    expect(stored?.transaction.state).toBe('pending-payment');
  });

  it('refuses params that are not an object, and a bad id, with 400', async () => {
    const bad = await b.app.inject({
      method: 'POST',
      url: `/api/transactions/${randomUUID()}/transitions`,
      headers: { ...browser(guest.cookie), 'idempotency-key': randomUUID() },
      payload: { transition: 'accept', params: [1, 2] },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    const notUuid = await b.app.inject({
      method: 'GET',
      url: '/api/transactions/..%2F..%2Fetc',
      headers: browser(guest.cookie),
    });
    expect([400, 404]).toContain(notUuid.statusCode);
  });

  it('never gives the provider or a stranger the client secret, nor the customer after payment', async () => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock);
    const id = await booked(b, guest, listingId, start, end);
    const read = (u: TestUser) =>
      b.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: browser(u.cookie) });
    expect((await read(guest)).json().transaction.payment.clientSecret).toBeTruthy();
    expect((await read(host)).json().transaction.payment.clientSecret).toBeNull();
    expect((await read(stranger)).statusCode).toBe(404);
    const listed = await b.app.inject({
      method: 'GET',
      url: '/api/transactions?only=sale',
      headers: browser(host.cookie),
    });
    expect(JSON.stringify(listed.json())).not.toContain('_secret_');
    await paid(b, guest, id);
    expect((await read(guest)).json().transaction.payment.clientSecret).toBeNull();
    // The address only once accepted.
    expect((await read(guest)).json().transaction.listing.address).toBeNull();
    const body = JSON.stringify((await read(guest)).json());
    expect(body).not.toMatch(/@/);
  });

  it('keeps Idempotency-Keys per person: another person reusing a key gets their own answer', async () => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock);
    const key = randomUUID();
    const first = await book(b.app, guest, listingId, start, end, { key });
    expect(first.statusCode, first.body).toBe(201);
    const other = await book(b.app, stranger, listingId, start, end, { key });
    expect(other.statusCode, other.body).toBe(409);
    expect(errorCode(other)).toBe('transaction-booking-time-not-available');
    expect(other.body).not.toContain(first.json().transaction.id);
  });

  it('refuses a booking request whose client sends prices', async () => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock);
    const response = await b.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { ...browser(guest.cookie), 'idempotency-key': randomUUID() },
      payload: {
        listingId,
        transition: 'request-payment',
        bookingStart: start,
        bookingEnd: end,
        paymentMethod: 'new',
        saveCard: false,
        payinTotal: { amount: 1, currency: 'EUR' },
        lineItems: [],
      },
    });
    // Either refused, or priced by the server alone.
    if (response.statusCode === 201) {
      expect(response.json().transaction.payinTotal.amount).toBeGreaterThan(1);
    } else {
      expect(response.statusCode).toBe(400);
    }
  });

  it('refuses a body over the limit with 413, and a message over 5000 with 400', async () => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock);
    const long = await book(b.app, guest, listingId, start, end, { message: 'x'.repeat(5001) });
    expect(long.statusCode, long.body).toBe(400);
    const huge = await book(b.app, guest, listingId, start, end, { message: 'x'.repeat(3_000_000) });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses signed-out callers with 401 everywhere but line items', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['POST', '/api/transactions/speculate'],
      ['POST', '/api/transactions'],
      ['POST', `/api/transactions/${id}/transitions`],
      ['GET', `/api/transactions/${id}`],
      ['GET', '/api/transactions'],
    ] as const) {
      const response = await b.app.inject({
        method,
        url,
        headers: { ...browser(), 'idempotency-key': randomUUID() },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect([400, 401], `${method} ${url} ${response.statusCode}`).toContain(response.statusCode);
    }
  });

  it('refuses cross-site posts riding on the session (only the webhook is exempt)', async () => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock);
    const id = await booked(b, guest, listingId, start, end);
    for (const [url, payload] of [
      [
        '/api/transactions',
        {
          listingId,
          transition: 'request-payment',
          bookingStart: start,
          bookingEnd: end,
          paymentMethod: 'new',
          saveCard: false,
        },
      ],
      [`/api/transactions/${id}/transitions`, { transition: 'decline' }],
      ['/api/transactions/speculate', { listingId, bookingStart: start, bookingEnd: end }],
      ['/api/payment-methods/setup-intent', {}],
    ] as const) {
      const response = await b.app.inject({
        method: 'POST',
        url,
        headers: { cookie: host.cookie, origin: 'https://evil.example', 'idempotency-key': randomUUID() },
        payload,
      });
      expect([url, response.statusCode, errorCode(response)]).toEqual([url, 403, 'csrf-failed']);
    }
    const removed = await b.app.inject({
      method: 'DELETE',
      url: '/api/payment-methods/default',
      headers: { cookie: guest.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(removed.statusCode).toBe(403);
    expect((await b.engine.repository.find(id))?.transaction.state).toBe('pending-payment');
  });

  it('a query lastTransitions with junk is fine', async () => {
    const response = await b.app.inject({
      method: 'GET',
      url: `/api/transactions?lastTransitions=${encodeURIComponent("a','b');drop table x;--")}&page=99999999999&perPage=-1`,
      headers: browser(guest.cookie),
    });
    expect(response.statusCode, response.body).toBe(400);
    const ok = await b.app.inject({
      method: 'GET',
      url: `/api/transactions?lastTransitions=${encodeURIComponent("a','b');drop table x;--")}`,
      headers: browser(guest.cookie),
    });
    expect(ok.statusCode, ok.body).toBeLessThan(500);
  });
});

describe('money', () => {
  it('never confirms a payment authorised for less than the payin total, by HTTP or by event', async () => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock);
    const id = await booked(b, guest, listingId, start, end);
    const row = (await b.engine.repository.find(id))?.transaction;
    const intentId = row?.paymentIntentId as string;
    b.charges.authorize(intentId);
    const intent = b.charges.intents.find((one) => one.id === intentId);
    if (!intent || !row?.payinTotal) throw new Error('no intent or no price');
    const payinTotal = row.payinTotal;
    expect(intent.amount.amount).toBe(payinTotal);
    intent.amountCapturable = payinTotal - 1;
    const confirmed = await runTransition(b.app, guest, id, 'confirm-payment');
    expect([confirmed.statusCode, errorCode(confirmed)]).toEqual([402, 'transaction-payment-failed']);
    const handler = createPaymentEventHandler({
      engine: b.engine,
      charges: b.charges,
      logger: b.logs.logger,
    });
    await handler.handle({
      id: 'evt_short',
      type: 'payment_intent.amount_capturable_updated',
      objectId: intentId,
      metadata: { transactionId: id },
    });
    // Another transaction's intent named with this transaction's id: nothing either.
    intent.amountCapturable = payinTotal;
    await handler.handle({
      id: 'evt_other',
      type: 'payment_intent.amount_capturable_updated',
      objectId: 'pi_someone_else',
      metadata: { transactionId: id },
    });
    expect((await b.engine.repository.find(id))?.transaction.state).toBe('pending-payment');
  });

  it('asks the provider for the payin total with the fee as payin minus payout, in integer minor units', async () => {
    const listingId = await hostListing(b, host, { priceAmount: 1999 });
    const [start, end] = nextSlot(b.clock);
    const spy = vi.spyOn(b.charges, 'createPaymentIntent');
    const response = await book(b.app, guest, listingId, start, end);
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json().transaction;
    for (const item of view.lineItems) {
      expect(Number.isInteger(item.lineTotal.amount)).toBe(true);
      expect(Number.isInteger(item.unitPrice.amount)).toBe(true);
    }
    const created = spy.mock.calls.at(-1)?.[0];
    spy.mockRestore();
    expect(created?.amount).toEqual(view.payinTotal);
    expect(created?.applicationFee.amount).toBe(view.payinTotal.amount - view.payoutTotal.amount);
    expect(view.payinTotal.amount).toBeGreaterThan(view.payoutTotal.amount);
  });
});
