import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { browser, errorCode, signUp } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';
import { fakeToken, startFakeStripe } from './fake-stripe.ts';
import { SPANISH_INDIVIDUAL } from './payouts.ts';

const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const PUBLISHABLE_KEY = `pk_test_${randomBytes(12).toString('hex')}`;
const database = await createTestDatabase();
const fake = await startFakeStripe({ secretKey: SECRET_KEY });
const logged: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp(
    database.db,
    {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_API_BASE: fake.apiBase,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString('hex')}`,
    },
    {
      captcha: fakeCaptcha,
      logger: pino({ level: 'info' }, { write: (line: string) => logged.push(line) }),
    },
  );
});

describe('payouts with Stripe configured', () => {
  it('tells the browser to make bank tokens with Stripe.js, and allows Stripe.js in the page policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/payouts/provider' });
    expect(response.json()).toEqual({ data: { kind: 'stripe', publishableKey: PUBLISHABLE_KEY } });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    const host = await signUp(app);
    const tokens = await app.inject({
      method: 'POST',
      url: '/api/payouts/bank-tokens',
      headers: browser(host.cookie),
      payload: { country: 'ES', bankAccount: { iban: 'ES9121000418450200051332' } },
    });
    expect(tokens.statusCode).toBe(404);
  });

  it('creates the Connect account from the form and the Stripe.js token, with an idempotency key', async () => {
    const host = await signUp(app);
    const before = fake.requests.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/payouts/account',
      headers: browser(host.cookie),
      remoteAddress: '203.0.113.9',
      payload: { ...SPANISH_INDIVIDUAL, bankAccountToken: fakeToken('4321') },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      provider: 'stripe',
      bankLast4: '4321',
      status: 'verificationNeeded',
    });
    const [request] = fake.requests.slice(before);
    expect(request?.idempotencyKey).toMatch(/^payout-account-[0-9a-f]{64}$/);
    expect(request?.form).toMatchObject({
      type: 'custom',
      country: 'ES',
      email: host.email,
      external_account: fakeToken('4321'),
      'business_profile[mcc]': '5734',
      'tos_acceptance[ip]': '203.0.113.9',
      'individual[first_name]': 'Lucía',
    });

    const link = await app.inject({
      method: 'POST',
      url: '/api/payouts/account-links',
      headers: browser(host.cookie),
      payload: { type: 'account_update', returnPath: '/account/payments' },
    });
    expect(link.json().data.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    expect(fake.requests.at(-1)?.form).toMatchObject({
      type: 'account_update',
      return_url: 'http://hora.test/account/payments/success',
      refresh_url: 'http://hora.test/account/payments/failure',
    });
  });

  it("answers Stripe's refusal with its message, and an outage or a bad key with a bare 502", async () => {
    const host = await signUp(app);
    fake.failNext(400, {
      type: 'invalid_request_error',
      message: 'Invalid postal code for Spain.',
      code: 'postal_code_invalid',
      param: 'individual[address][postal_code]',
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/payouts/account',
      headers: browser(host.cookie),
      payload: { ...SPANISH_INDIVIDUAL, bankAccountToken: fakeToken('0000') },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'payout-provider-refused',
      meta: {
        stripeMessage: 'Invalid postal code for Spain.',
        stripeCode: 'postal_code_invalid',
        param: 'individual[address][postal_code]',
      },
    });
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/payouts/account', headers: browser(host.cookie) })
      ).json(),
    ).toEqual({
      data: null,
    });
  });

  it('never writes the secret key to the log, even when Stripe refuses it', async () => {
    const wrongKey = `sk_test_${randomBytes(12).toString('hex')}`;
    const misconfigured = await buildTestApp(
      database.db,
      {
        STRIPE_SECRET_KEY: wrongKey,
        STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        STRIPE_API_BASE: fake.apiBase,
        STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString('hex')}`,
      },
      {
        captcha: fakeCaptcha,
        logger: pino({ level: 'info' }, { write: (line: string) => logged.push(line) }),
      },
    );
    const host = await signUp(misconfigured);
    const response = await misconfigured.inject({
      method: 'POST',
      url: '/api/payouts/account',
      headers: browser(host.cookie),
      payload: { ...SPANISH_INDIVIDUAL, bankAccountToken: fakeToken('1111') },
    });
    expect([response.statusCode, errorCode(response)]).toEqual([502, 'payout-provider-unavailable']);
    expect(response.body).not.toContain('Stripe');
    const log = logged.join('\n');
    expect(log).toContain('payout-provider-unavailable');
    expect(log).not.toContain(wrongKey);
    expect(log).not.toContain(SECRET_KEY);
  });
});
