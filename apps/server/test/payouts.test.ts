import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPayments } from '../src/adapters/payments/index.ts';
import { TestClock } from '../src/clock.ts';
import { listings } from '../src/db/schema/index.ts';
import { createPayoutReadiness } from '../src/modules/payouts/index.ts';
import { browser, errorCode, signUp, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha, testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';
import {
  accountLink,
  bankToken,
  completeSandboxOnboarding,
  createPayoutAccount,
  SPANISH_INDIVIDUAL,
} from './payouts.ts';

const database = await createTestDatabase();
const clock = new TestClock('2026-03-02T10:00:00Z');
const payments = createPayments(testConfig(), { db: database.db, clock });
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp(database.db, {}, { captcha: fakeCaptcha, clock, payments });
});

const get = (user: TestUser | undefined, url: string) =>
  app.inject({ method: 'GET', url, headers: browser(user?.cookie) });

async function session(user: TestUser) {
  return (await get(user, '/api/session')).json().user;
}

describe('payout account API', () => {
  it('needs a signed-in person on every route', async () => {
    const anonymous = [
      ['GET', '/api/payouts/account'],
      ['POST', '/api/payouts/account'],
      ['PATCH', '/api/payouts/account'],
      ['POST', '/api/payouts/bank-tokens'],
      ['POST', '/api/payouts/account-links'],
    ] as const;
    for (const [method, url] of anonymous) {
      const response = await app.inject({ method, url, headers: browser(), payload: {} });
      expect([url, response.statusCode, errorCode(response)]).toEqual([url, 401, 'unauthorized']);
    }
  });

  it('documents its routes in the OpenAPI description', async () => {
    const paths = Object.keys((await app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/payouts/account',
        '/api/payouts/account-links',
        '/api/payouts/bank-tokens',
        '/api/payouts/provider',
        '/api/payouts/sandbox/account-links/{id}',
      ]),
    );
  });

  it('answers null without an account, and the session is not connected', async () => {
    const host = await signUp(app);
    expect((await get(host, '/api/payouts/account')).json()).toEqual({ data: null });
    expect((await session(host)).stripeConnected).toBe(false);
    expect((await get(host, '/api/payouts/provider')).json()).toEqual({ data: { kind: 'sandbox' } });
  });

  it('creates one account per person, in need of verification, and the session becomes connected', async () => {
    const host = await signUp(app);
    const created = await createPayoutAccount(app, host);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toEqual({
      id: expect.stringMatching(/^acct_/),
      provider: 'sandbox',
      country: 'ES',
      accountType: 'individual',
      requirements: { currently_due: ['individual.verification.document'], past_due: [] },
      bankLast4: '1332',
      capabilities: { card_payments: 'pending', transfers: 'pending' },
      status: 'verificationNeeded',
    });
    expect((await session(host)).stripeConnected).toBe(true);
    expect((await get(host, '/api/payouts/account')).json().data.id).toBe(created.json().data.id);

    const second = await createPayoutAccount(app, host);
    expect([second.statusCode, errorCode(second)]).toEqual([409, 'payout-account-exists']);
  });

  it('refuses a country it does not pay out to, naming it, and stores nothing', async () => {
    const host = await signUp(app);
    const token = await bankToken(app, host);
    const response = await app.inject({
      method: 'POST',
      url: '/api/payouts/account',
      headers: browser(host.cookie),
      payload: { ...SPANISH_INDIVIDUAL, country: 'BR', bankAccountToken: token },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'payout-country-not-supported',
      title: 'Country not supported: BR',
      meta: { country: 'BR', field: 'country' },
    });
    const tokenCall = await app.inject({
      method: 'POST',
      url: '/api/payouts/bank-tokens',
      headers: browser(host.cookie),
      payload: { country: 'BR', bankAccount: { accountNumber: '123456' } },
    });
    expect([tokenCall.statusCode, errorCode(tokenCall)]).toEqual([400, 'payout-country-not-supported']);
    expect((await get(host, '/api/payouts/account')).json()).toEqual({ data: null });
  });

  it('checks the bank fields of each country, the IBAN checksum included', async () => {
    const host = await signUp(app);
    const cases = [
      ['ES', { iban: 'ES91 2100 0418 4502 0005 1333' }, 'bankAccount.iban', 'validation.bank.ibanInvalid'],
      [
        'GB',
        { sortCode: '108800', accountNumber: '123' },
        'bankAccount.accountNumber',
        'validation.bank.accountNumberInvalid',
      ],
      [
        'US',
        { routingNumber: '110000001', accountNumber: '000123456789' },
        'bankAccount.routingNumber',
        'validation.bank.routingNumberInvalid',
      ],
      ['MX', {}, 'bankAccount.clabe', 'validation.required'],
    ] as const;
    for (const [country, bankAccount, path, message] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payouts/bank-tokens',
        headers: browser(host.cookie),
        payload: { country, bankAccount },
      });
      expect(response.statusCode, `${country} ${response.body}`).toBe(400);
      expect(response.json().errors[0].meta.issues).toEqual([{ path, message }]);
    }
    expect(await bankToken(app, host, 'GB', { sortCode: '10-88-00', accountNumber: '00012345' })).toMatch(
      /^btok_/,
    );
  });

  it('refuses a person under the minimum age by the server clock, and stores nothing', async () => {
    const host = await signUp(app);
    const response = await createPayoutAccount(app, host, {
      individual: { ...SPANISH_INDIVIDUAL.individual, birthDate: { day: 3, month: 3, year: 2008 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].meta.issues).toEqual([
      { path: 'individual.birthDate', message: 'validation.birthDate.tooYoung' },
    ]);
    expect((await get(host, '/api/payouts/account')).json()).toEqual({ data: null });
  });

  it("passes on the provider's refusal of a used bank token in its own words", async () => {
    const host = await signUp(app);
    const token = await bankToken(app, host);
    const first = await app.inject({
      method: 'POST',
      url: '/api/payouts/account',
      headers: browser(host.cookie),
      payload: { ...SPANISH_INDIVIDUAL, bankAccountToken: token },
    });
    expect(first.statusCode).toBe(201);
    const update = await app.inject({
      method: 'PATCH',
      url: '/api/payouts/account',
      headers: browser(host.cookie),
      payload: { bankAccountToken: token },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors[0]).toMatchObject({
      code: 'payout-provider-refused',
      meta: {
        stripeMessage: `You cannot use a Stripe token more than once: ${token}.`,
        param: 'external_account',
      },
    });
  });

  it('changes the bank account with a new token', async () => {
    const host = await signUp(app);
    await createPayoutAccount(app, host);
    const token = await bankToken(app, host, 'ES', { iban: 'ES79 2100 0813 6101 2345 6789' });
    const update = await app.inject({
      method: 'PATCH',
      url: '/api/payouts/account',
      headers: browser(host.cookie),
      payload: { bankAccountToken: token },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data.bankLast4).toBe('6789');
  });
});

describe('payout onboarding', () => {
  it('returns to the wizard tab with the draft id, and then nothing is due', async () => {
    const host = await signUp(app);
    await createPayoutAccount(app, host);
    const wizard = '/l/sala-luz/3f0c2a8e-6b1d-4d3e-9a57-2c1e0b9f4a11/draft/photos';
    const link = await accountLink(app, host, wizard);
    expect(link.json().data.url).toMatch(/^http:\/\/hora\.test\/sandbox\/connect\/[\w-]{43}$/);
    const id = new URL(link.json().data.url).pathname.split('/').pop();
    const opened = await get(host, `/api/payouts/sandbox/account-links/${id}`);
    expect(opened.json().data).toMatchObject({
      state: 'open',
      type: 'account_onboarding',
      currentlyDue: ['individual.verification.document'],
      refreshUrl: `http://hora.test${wizard}/failure`,
    });
    const done = await app.inject({
      method: 'POST',
      url: `/api/payouts/sandbox/account-links/${id}/complete`,
      headers: browser(host.cookie),
    });
    expect(done.json().data).toEqual({ redirectUrl: `http://hora.test${wizard}/success` });
    const account = (await get(host, '/api/payouts/account')).json().data;
    expect(account.status).toBe('verificationSuccess');
    expect(account.capabilities).toEqual({ card_payments: 'active', transfers: 'active' });
  });

  it('sends an unsafe return path back to the payout settings', async () => {
    const host = await signUp(app);
    await createPayoutAccount(app, host);
    const redirectUrl = await completeSandboxOnboarding(app, host, 'https://evil.example/l/a/b/c/d');
    expect(redirectUrl).toBe('http://hora.test/account/payments/success');
  });

  it('a failed verification goes to the refresh URL and leaves the account past due', async () => {
    const host = await signUp(app);
    await createPayoutAccount(app, host);
    const link = await accountLink(app, host);
    const id = new URL(link.json().data.url).pathname.split('/').pop();
    const failed = await app.inject({
      method: 'POST',
      url: `/api/payouts/sandbox/account-links/${id}/fail`,
      headers: browser(host.cookie),
    });
    expect(failed.json().data).toEqual({ redirectUrl: 'http://hora.test/account/payments/failure' });
    const account = (await get(host, '/api/payouts/account')).json().data;
    expect(account.requirements.past_due).toEqual(['individual.verification.document']);
    expect(account.status).toBe('verificationNeeded');
  });

  it('is what the publish gate asks: ready only with an account that has nothing due', async () => {
    const readiness = createPayoutReadiness(database.db, payments.payouts);
    const host = await signUp(app);
    expect(await readiness.isReady(host.id)).toBe(false);
    await createPayoutAccount(app, host);
    expect(await readiness.isReady(host.id)).toBe(false);
    await completeSandboxOnboarding(app, host);
    expect(await readiness.isReady(host.id)).toBe(true);
  });

  it("answers the listing page's booking question from its author's last snapshot", async () => {
    const readiness = createPayoutReadiness(database.db, payments.payouts);
    const [host, other] = [await signUp(app), await signUp(app)];
    const listingOf = async (author: TestUser) => {
      const [row] = await database.db
        .insert(listings)
        .values({ authorId: author.id, title: 'Sala', description: 'Una sala', state: 'draft' })
        .returning({ id: listings.id });
      return row!.id;
    };
    const [hostListing, otherListing] = [await listingOf(host), await listingOf(other)];
    expect(await readiness.acceptsBookingsOfListing(hostListing)).toBe(false);
    await createPayoutAccount(app, host);
    expect(await readiness.acceptsBookingsOfListing(hostListing)).toBe(false);
    await completeSandboxOnboarding(app, host);
    // Onboarding completed at the provider; the stored snapshot still says what was due.
    expect(await readiness.acceptsBookingsOfListing(hostListing)).toBe(false);
    await readiness.isReady(host.id);
    expect(await readiness.acceptsBookingsOfListing(hostListing)).toBe(true);
    // Another author's listing answers for that author, and no listing for nobody.
    expect(await readiness.acceptsBookingsOfListing(otherListing)).toBe(false);
    expect(await readiness.acceptsBookingsOfListing('00000000-0000-4000-8000-000000000000')).toBe(false);
  });
});

describe('payout accounts of other people', () => {
  it('can be neither read nor changed, nor onboarded through their links', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    await createPayoutAccount(app, owner);
    const link = await accountLink(app, owner);
    const id = new URL(link.json().data.url).pathname.split('/').pop();

    expect((await get(other, '/api/payouts/account')).json()).toEqual({ data: null });
    const token = await bankToken(app, other);
    const update = await app.inject({
      method: 'PATCH',
      url: '/api/payouts/account',
      headers: browser(other.cookie),
      payload: { bankAccountToken: token },
    });
    expect([update.statusCode, errorCode(update)]).toEqual([404, 'not-found']);
    const otherLink = await accountLink(app, other);
    expect([otherLink.statusCode, errorCode(otherLink)]).toEqual([404, 'not-found']);
    const peek = await get(other, `/api/payouts/sandbox/account-links/${id}`);
    expect([peek.statusCode, errorCode(peek)]).toEqual([404, 'not-found']);
    const complete = await app.inject({
      method: 'POST',
      url: `/api/payouts/sandbox/account-links/${id}/complete`,
      headers: browser(other.cookie),
    });
    expect([complete.statusCode, errorCode(complete)]).toEqual([404, 'not-found']);

    const account = (await get(owner, '/api/payouts/account')).json().data;
    expect(account.requirements.currently_due).toEqual(['individual.verification.document']);
    expect(account.bankLast4).toBe('1332');
  });
});
