import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../src/adapters/payments/index.ts';
import { paymentEvents } from '../src/db/schema/index.ts';
import { PAYMENT_EVENT_CLAIM_MS, WEBHOOK_BODY_LIMIT } from '../src/modules/payment-events/index.ts';
import { browser, signUp } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';
import { startFakeStripe } from './fake-stripe.ts';

const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const database = await createTestDatabase();
const fake = await startFakeStripe({ secretKey: SECRET_KEY });
const handled: PaymentEvent[] = [];
let failNext = false;
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp(
    database.db,
    {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: `pk_test_${randomBytes(12).toString('hex')}`,
      STRIPE_API_BASE: fake.apiBase,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    {
      captcha: fakeCaptcha,
      paymentEventHandler: {
        async handle(event) {
          if (failNext) {
            failNext = false;
            throw new Error('the engine failed');
          }
          handled.push(event);
        },
      },
    },
  );
});

let events = 0;
function stripeEvent(type = 'payment_intent.amount_capturable_updated') {
  events += 1;
  return {
    id: `evt_test${events}${randomBytes(4).toString('hex')}`,
    object: 'event',
    type,
    data: {
      object: {
        id: `pi_test${events}`,
        object: 'payment_intent',
        metadata: { transactionId: `tx-${events}` },
      },
    },
  };
}

async function deliver(
  payload: object,
  options: { secret?: string; headers?: Record<string, string>; timestamp?: number; body?: string } = {},
) {
  const signed = JSON.stringify(payload);
  const body = options.body ?? signed;
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: signed,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      ...options.headers,
    },
    payload: body,
  });
}

describe('the payment webhook with Stripe', () => {
  it('hands a signed event to the handler', async () => {
    const event = stripeEvent();
    const response = await deliver(event);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(handled.filter((one) => one.id === event.id)).toEqual([
      {
        id: event.id,
        type: event.type,
        objectId: event.data.object.id,
        metadata: { transactionId: expect.any(String) },
      },
    ]);
  });

  it('refuses a bad or missing signature with 400 and hands nothing on', async () => {
    const event = stripeEvent();
    const forged = await deliver(event, { secret: `whsec_${randomBytes(16).toString('hex')}` });
    expect(forged.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(handled.some((one) => one.id === event.id)).toBe(false);
  });

  it('refuses a signed payload replayed after the tolerance, and a body changed after signing', async () => {
    const old = stripeEvent();
    const hourAgo = Math.floor(Date.now() / 1000) - 60 * 60;
    const replayed = await deliver(old, { timestamp: hourAgo });
    expect(replayed.statusCode).toBe(400);
    const changed = stripeEvent();
    const reformatted = await deliver(changed, { body: JSON.stringify(changed, null, 2) });
    expect(reformatted.statusCode).toBe(400);
    expect(handled.some((one) => one.id === old.id || one.id === changed.id)).toBe(false);
  });

  it('answers a replayed event with 200 and no second effect, also when both arrive at once', async () => {
    const event = stripeEvent();
    expect((await deliver(event)).statusCode).toBe(200);
    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(handled.filter((one) => one.id === event.id)).toHaveLength(1);

    // At once: one is handled; each other is a duplicate (200) or, while the first still runs, a 409
    // that Stripe retries later, to find it handled.
    const raced = stripeEvent();
    const answers = await Promise.all([deliver(raced), deliver(raced), deliver(raced)]);
    expect(answers.filter((answer) => answer.statusCode === 200 && !answer.json().duplicate)).toHaveLength(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(handled.filter((one) => one.id === raced.id)).toHaveLength(1);
    expect((await deliver(raced)).json()).toEqual({ received: true, duplicate: true });
  });

  it('answers 409 while another delivery handles the event, and takes over a claim its process left', async () => {
    const running = stripeEvent();
    await database.db.insert(paymentEvents).values({
      id: running.id,
      type: running.type,
      objectId: running.data.object.id,
      claimedAt: new Date(),
    });
    const busy = await deliver(running);
    expect(busy.statusCode).toBe(409);
    expect(handled.some((one) => one.id === running.id)).toBe(false);

    const abandoned = stripeEvent();
    await database.db.insert(paymentEvents).values({
      id: abandoned.id,
      type: abandoned.type,
      objectId: abandoned.data.object.id,
      claimedAt: new Date(Date.now() - PAYMENT_EVENT_CLAIM_MS - 1000),
    });
    const takenOver = await deliver(abandoned);
    expect(takenOver.json()).toEqual({ received: true, duplicate: false });
    expect(handled.filter((one) => one.id === abandoned.id)).toHaveLength(1);
  });

  it("answers 500 when the handler fails, so Stripe's retry is handled", async () => {
    const event = stripeEvent();
    failNext = true;
    expect((await deliver(event)).statusCode).toBe(500);
    expect(handled.some((one) => one.id === event.id)).toBe(false);
    const retry = await deliver(event);
    expect(retry.json()).toEqual({ received: true, duplicate: false });
    expect(handled.filter((one) => one.id === event.id)).toHaveLength(1);
  });

  it('needs no session nor same-origin headers, and takes a cross-site request with a cookie', async () => {
    const user = await signUp(app);
    const event = stripeEvent();
    const response = await deliver(event, {
      headers: { origin: 'https://stripe.example', cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a body over its limit', async () => {
    const event = { ...stripeEvent(), padding: 'x'.repeat(WEBHOOK_BODY_LIMIT) };
    const response = await deliver(event);
    expect(response.statusCode).toBe(413);
  });

  it('allows the card element frames of Stripe.js in the page policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/payouts/provider' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/\*\.js\.stripe\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(policy).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
  });
});

describe('payment methods with Stripe', () => {
  it('makes the customer on first need, then saves and shows the card Stripe.js confirmed', async () => {
    const user = await signUp(app);
    const none = await app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: browser(user.cookie),
    });
    expect(none.json()).toEqual({ card: null });
    const before = fake.requests.length;
    const setup = await app.inject({
      method: 'POST',
      url: '/api/payment-methods/setup-intent',
      headers: browser(user.cookie),
      payload: {},
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json().clientSecret).toMatch(/^seti_\w+_secret_/);
    const calls = fake.requests.slice(before);
    expect(calls.map((call) => call.path)).toEqual(['/v1/customers', '/v1/setup_intents']);
    expect(calls[0]?.form).toMatchObject({ email: user.email, 'metadata[userId]': user.id });
    expect(calls[0]?.idempotencyKey).toBe(`customer-${user.id}`);

    const card = fake.addCard('4242', 'visa');
    const saved = await app.inject({
      method: 'POST',
      url: '/api/payment-methods',
      headers: browser(user.cookie),
      payload: { paymentMethodId: card },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().card).toEqual({
      id: card,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      expired: false,
    });
    const shown = await app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: browser(user.cookie),
    });
    expect(shown.json().card.id).toBe(card);
  });

  it('answers 502 when Stripe does not answer', async () => {
    const user = await signUp(app);
    fake.failNext(500, { type: 'api_error', message: 'Something went wrong' });
    fake.failNext(500, { type: 'api_error', message: 'Something went wrong' });
    fake.failNext(500, { type: 'api_error', message: 'Something went wrong' });
    const setup = await app.inject({
      method: 'POST',
      url: '/api/payment-methods/setup-intent',
      headers: browser(user.cookie),
      payload: {},
    });
    expect(setup.statusCode).toBe(502);
    expect(setup.json().errors[0].code).toBe('payment-provider-unavailable');
  });

  it('has no sandbox card API', async () => {
    const user = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/payment-methods',
      headers: browser(user.cookie),
      payload: { card: {}, billingDetails: {} },
    });
    expect(response.statusCode).toBe(404);
  });
});
