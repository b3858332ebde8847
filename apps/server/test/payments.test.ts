import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPayments, type PaymentEvent } from '../src/adapters/payments/index.ts';
import { systemClock, TestClock } from '../src/clock.ts';
import { paymentCustomers, paymentEvents, sandboxConnectedAccounts } from '../src/db/schema/index.ts';
import { browser, errorCode, signUp, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha, testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
const clock = new TestClock(systemClock);
const payments = createPayments(testConfig(), { db: database.db, clock });
if (payments.kind !== 'sandbox') throw new Error('The payments tests run on the sandbox');
const sandbox = payments.charges;
const handled: PaymentEvent[] = [];
let failNextEvent = false;
let app: FastifyInstance;

const HOST_ACCOUNT = 'acct_paymentstesthost';

beforeAll(async () => {
  app = await buildTestApp(
    database.db,
    {},
    {
      captcha: fakeCaptcha,
      clock,
      payments,
      paymentEventHandler: {
        async handle(event) {
          if (failNextEvent) {
            failNextEvent = false;
            throw new Error('the handler failed');
          }
          handled.push(event);
        },
      },
    },
  );
  await database.db.insert(sandboxConnectedAccounts).values({
    id: HOST_ACCOUNT,
    country: 'ES',
    businessType: 'individual',
    email: 'host@example.es',
    businessProfile: { mcc: '5734', url: null },
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
});

function thisMonth() {
  const now = clock.now();
  return { expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() };
}

async function post(user: TestUser | null, url: string, payload: object, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: browser(user?.cookie),
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function newCard(user: TestUser, number: string, overrides: object = {}) {
  return post(user, '/api/payments/sandbox/payment-methods', {
    card: { number, expMonth: 12, expYear: clock.now().getUTCFullYear() + 3, cvc: '123', ...overrides },
    billingDetails: { name: 'Lucía García', postalCode: '28013', country: 'ES' },
  });
}

async function cardId(user: TestUser, number: string, overrides: object = {}): Promise<string> {
  const response = await newCard(user, number, overrides);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

/** A card saved through the payment methods page's flow: setup intent, confirmation, save. */
async function saveCard(user: TestUser, number: string, overrides: object = {}) {
  const setup = await post(user, '/api/payment-methods/setup-intent', {});
  expect(setup.statusCode, setup.body).toBe(200);
  const { clientSecret } = setup.json();
  const paymentMethodId = await cardId(user, number, overrides);
  const confirmed = await post(user, '/api/payments/sandbox/setup-intents/confirm', {
    clientSecret,
    paymentMethodId,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return post(user, '/api/payment-methods', { paymentMethodId });
}

async function paymentIntent(customerId: string | null = null) {
  return sandbox.createPaymentIntent({
    idempotencyKey: randomUUID(),
    amount: { amount: 2420, currency: 'EUR' },
    applicationFee: { amount: 220, currency: 'EUR' },
    transferDestination: HOST_ACCOUNT,
    customerId,
    paymentMethodId: null,
    saveCard: false,
    metadata: { transactionId: randomUUID() },
  });
}

describe('payment methods API', () => {
  it('is for signed-in people only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/payment-methods' })).statusCode).toBe(401);
    expect((await post(null, '/api/payment-methods/setup-intent', {})).statusCode).toBe(401);
    expect((await post(null, '/api/payment-methods', { paymentMethodId: 'pm_x' })).statusCode).toBe(401);
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/payment-methods/default',
      headers: browser(),
    });
    expect(removed.statusCode).toBe(401);
  });

  it('saves a card (making the customer on first need), shows it, replaces it and removes it', async () => {
    const user = await signUp(app);
    const none = await app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: browser(user.cookie),
    });
    expect(none.json()).toEqual({ card: null });

    const saved = await saveCard(user, '4242 4242 4242 4242');
    expect(saved.statusCode, saved.body).toBe(200);
    const first = saved.json().card;
    expect(first).toEqual({
      id: expect.stringMatching(/^pm_/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: clock.now().getUTCFullYear() + 3,
      expired: false,
    });
    const shown = await app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: browser(user.cookie),
    });
    expect(shown.json()).toEqual({ card: first });

    const replaced = await saveCard(user, '5555 5555 5555 4444');
    expect(replaced.json().card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const after = await app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: browser(user.cookie),
    });
    expect(after.json().card.last4).toBe('4444');
    // The replaced card was removed from the customer: it cannot be saved again.
    expect((await post(user, '/api/payment-methods', { paymentMethodId: first.id })).statusCode).toBe(404);

    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/payment-methods/default',
      headers: browser(user.cookie),
    });
    expect(removed.statusCode).toBe(204);
    const gone = await app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: browser(user.cookie),
    });
    expect(gone.json()).toEqual({ card: null });
    const again = await app.inject({
      method: 'DELETE',
      url: '/api/payment-methods/default',
      headers: browser(user.cookie),
    });
    expect(again.statusCode).toBe(204);
  });

  it('saves a card given straight to it when there is no customer yet (the create-customer rule)', async () => {
    const user = await signUp(app);
    const paymentMethodId = await cardId(user, '4242424242424242');
    const saved = await post(user, '/api/payment-methods', { paymentMethodId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().card.id).toBe(paymentMethodId);
  });

  it("refuses someone else's card, and never shows it to anyone else", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const saved = (await saveCard(owner, '4242424242424242')).json().card;
    const taken = await post(other, '/api/payment-methods', { paymentMethodId: saved.id });
    expect(taken.statusCode).toBe(404);
    expect(errorCode(taken)).toBe('not-found');
    const theirs = await app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: browser(other.cookie),
    });
    expect(theirs.json()).toEqual({ card: null });
    await app.inject({
      method: 'DELETE',
      url: '/api/payment-methods/default',
      headers: browser(other.cookie),
    });
    const mine = await app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: browser(owner.cookie),
    });
    expect(mine.json().card.id).toBe(saved.id);
  });

  it('refuses a malformed payment method id with a 400', async () => {
    const user = await signUp(app);
    const response = await post(user, '/api/payment-methods', { paymentMethodId: 'card_1' });
    expect(response.statusCode).toBe(400);
  });

  it('flags a card past its expiry month', async () => {
    const user = await signUp(app);
    const saved = await saveCard(user, '4242424242424242', thisMonth());
    expect(saved.json().card.expired).toBe(false);
    clock.advance(40 * 86_400_000);
    const shown = await app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: browser(user.cookie),
    });
    expect(shown.json().card.expired).toBe(true);
  });

  it('refuses a declined card at setup with its code (402)', async () => {
    const user = await signUp(app);
    const { clientSecret } = (await post(user, '/api/payment-methods/setup-intent', {})).json();
    const paymentMethodId = await cardId(user, '4000000000000002');
    const confirmed = await post(user, '/api/payments/sandbox/setup-intents/confirm', {
      clientSecret,
      paymentMethodId,
    });
    expect(confirmed.statusCode).toBe(402);
    expect(confirmed.json().errors[0]).toMatchObject({
      code: 'payment-card-error',
      meta: {
        code: 'card_declined',
        declineCode: 'generic_decline',
        stripeMessage: 'Your card was declined.',
      },
    });
  });
});

describe('sandbox browser API', () => {
  it('is for signed-in people only', async () => {
    const response = await post(null, '/api/payments/sandbox/payment-methods', {
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      billingDetails: { name: 'Lucía' },
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['4242 4242 4242 4241', {}, 'incorrect_number'],
    ['4242 4242 4242 4242', { expYear: 2020 }, 'invalid_expiry_year'],
    ['4242 4242 4242 4242', { expMonth: 13 }, 'invalid_expiry_month'],
    ['4242 4242 4242 4242', { cvc: '1' }, 'invalid_cvc'],
  ])('refuses the card %s %o with %s (402)', async (number, overrides, code) => {
    const user = await signUp(app);
    const response = await newCard(user, number, overrides);
    expect(response.statusCode).toBe(402);
    expect(response.json().errors[0]).toMatchObject({ code: 'payment-card-error', meta: { code } });
  });

  it('confirms a payment with 4242, and hands the event once to the handler', async () => {
    const user = await signUp(app);
    const intent = await paymentIntent();
    const paymentMethodId = await cardId(user, '4242424242424242');
    const confirmed = await post(user, '/api/payments/sandbox/payment-intents/confirm', {
      clientSecret: intent.clientSecret,
      paymentMethodId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({
      id: intent.id,
      status: 'requires_capture',
      paymentMethodId,
      nextAction: null,
    });
    await sandbox.eventsDelivered();
    const types = handled.filter((event) => event.objectId === intent.id).map((event) => event.type);
    expect(types).toEqual(['payment_intent.created', 'payment_intent.amount_capturable_updated']);
    expect(handled.find((event) => event.objectId === intent.id)?.metadata).toEqual(intent.metadata);
  });

  it('runs the authentication step of 4000 0025 0000 3155: completed, or failed', async () => {
    const user = await signUp(app);
    const intent = await paymentIntent();
    const paymentMethodId = await cardId(user, '4000002500003155');
    const waiting = await post(user, '/api/payments/sandbox/payment-intents/confirm', {
      clientSecret: intent.clientSecret,
      paymentMethodId,
    });
    expect(waiting.json().data).toMatchObject({ status: 'requires_action', nextAction: 'authenticate' });
    const done = await post(user, '/api/payments/sandbox/payment-intents/authenticate', {
      clientSecret: intent.clientSecret,
      outcome: 'complete',
    });
    expect(done.json().data).toMatchObject({ status: 'requires_capture', nextAction: null });

    const failing = await paymentIntent();
    const other = await cardId(user, '4000002500003155');
    await post(user, '/api/payments/sandbox/payment-intents/confirm', {
      clientSecret: failing.clientSecret,
      paymentMethodId: other,
    });
    const failed = await post(user, '/api/payments/sandbox/payment-intents/authenticate', {
      clientSecret: failing.clientSecret,
      outcome: 'fail',
    });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().errors[0].meta.code).toBe('payment_intent_authentication_failure');
    expect((await sandbox.retrievePaymentIntent(failing.id)).status).toBe('requires_payment_method');
  });

  it('answers a declined card with its code and decline code, and an unknown secret with 404', async () => {
    const user = await signUp(app);
    const intent = await paymentIntent();
    const paymentMethodId = await cardId(user, '4000000000009995');
    const declined = await post(user, '/api/payments/sandbox/payment-intents/confirm', {
      clientSecret: intent.clientSecret,
      paymentMethodId,
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().errors[0].meta).toEqual({
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      stripeMessage: 'Your card has insufficient funds.',
    });
    const unknown = await post(user, '/api/payments/sandbox/payment-intents/confirm', {
      clientSecret: `${intent.id}_secret_guessed`,
      paymentMethodId,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the card on the customer when the payment asks to save it', async () => {
    const user = await signUp(app);
    await post(user, '/api/payment-methods/setup-intent', {});
    const customerId = await customerOf(user);
    const intent = await paymentIntent(customerId);
    const paymentMethodId = await cardId(user, '4242424242424242');
    const confirmed = await post(user, '/api/payments/sandbox/payment-intents/confirm', {
      clientSecret: intent.clientSecret,
      paymentMethodId,
      saveCard: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const saved = await post(user, '/api/payment-methods', { paymentMethodId });
    expect(saved.json().card.id).toBe(paymentMethodId);
  });

  it.each([
    [{ number: '４２４２４２４２４２４２４２４２', expMonth: 12, expYear: 2040, cvc: '123' }],
    [{ number: '4242424242424242', expMonth: 0, expYear: 0, cvc: '' }],
    [{ number: '', expMonth: 99, expYear: 9999, cvc: '٠٠٠' }],
    [{ number: '4242-4242-4242-4242\u0000', expMonth: 12, expYear: 2040, cvc: '1234567890' }],
    [{ number: ['4242'], expMonth: '12', expYear: 2040.5, cvc: 123 }],
  ])('answers a strange card %o with a 4xx, never a 500', async (card) => {
    const user = await signUp(app);
    const response = await post(user, '/api/payments/sandbox/payment-methods', {
      card,
      billingDetails: { name: 'Lucía', postalCode: '28013' },
    });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });

  it("cannot confirm with someone else's saved card, nor attach it to one's own customer", async () => {
    const owner = await signUp(app);
    expect((await saveCard(owner, '4242424242424242')).statusCode).toBe(200);
    const ownerCard = (
      await app.inject({ method: 'GET', url: '/api/payment-methods', headers: browser(owner.cookie) })
    ).json().card.id as string;
    const thief = await signUp(app);
    const intent = await paymentIntent();
    const confirmed = await post(thief, '/api/payments/sandbox/payment-intents/confirm', {
      clientSecret: intent.clientSecret,
      paymentMethodId: ownerCard,
    });
    expect(confirmed.statusCode).toBeGreaterThanOrEqual(400);
    expect(confirmed.statusCode).toBeLessThan(500);
    const attached = await post(thief, '/api/payment-methods', { paymentMethodId: ownerCard });
    expect(attached.statusCode).toBeGreaterThanOrEqual(400);
    expect(attached.statusCode).toBeLessThan(500);
    expect((await sandbox.retrievePaymentIntent(intent.id)).status).toBe('requires_payment_method');
  });

  it('limits the calls of one person', async () => {
    const user = await signUp(app);
    const address = '203.0.113.77';
    let last = 0;
    for (let call = 0; call < 61; call += 1) {
      const response = await post(
        user,
        '/api/payments/sandbox/payment-intents/authenticate',
        {
          clientSecret: `pi_x_secret_${call}`,
          outcome: 'complete',
        },
        address,
      );
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('payment events', () => {
  it('are handled once each, and tried again when the handler failed', async () => {
    const user = await signUp(app);
    failNextEvent = true;
    const intent = await paymentIntent();
    await sandbox.eventsDelivered();
    // The failed delivery left no record, so its retry was handled.
    expect(failNextEvent).toBe(false);
    expect(handled.filter((event) => event.objectId === intent.id).map((event) => event.type)).toEqual([
      'payment_intent.created',
    ]);
    const paymentMethodId = await cardId(user, '4242424242424242');
    await post(user, '/api/payments/sandbox/payment-intents/confirm', {
      clientSecret: intent.clientSecret,
      paymentMethodId,
    });
    await sandbox.eventsDelivered();
    const recorded = await database.db.select().from(paymentEvents);
    const ids = recorded.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(handled.filter((event) => event.objectId === intent.id).map((event) => event.type)).toEqual([
      'payment_intent.created',
      'payment_intent.amount_capturable_updated',
    ]);
  });

  it('never come by webhook with the sandbox: any call is refused with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({
        id: 'evt_1',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_1' } },
      }),
    });
    expect(response.statusCode).toBe(400);
  });
});

/** The customer the person got with the provider (made by their first setup intent). */
async function customerOf(user: TestUser): Promise<string> {
  const [row] = await database.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
  expect(row).toBeDefined();
  return row?.customerId ?? '';
}
