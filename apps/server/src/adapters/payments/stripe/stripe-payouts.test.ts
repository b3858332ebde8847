import { randomBytes } from 'node:crypto';
import type { PayoutPerson } from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import { fakeToken, startFakeStripe } from '../../../../test/fake-stripe.ts';
import type { CreateConnectedAccountInput } from '../payouts-port.ts';
import { PaymentProviderError } from '../provider-error.ts';
import { createStripePayouts } from './stripe-payouts.ts';

/** New at each run, and never a real key: the fake accepts only this one. */
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const fake = await startFakeStripe({ secretKey: SECRET_KEY });
const stripe = createStripePayouts({ secretKey: SECRET_KEY, apiBase: fake.apiBase });

const address = { streetAddress: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid', state: undefined };
const person: PayoutPerson = {
  firstName: 'Ana',
  lastName: 'Pérez',
  birthDate: { day: 1, month: 5, year: 1990 },
  email: 'ana@example.es',
  phone: '+34600112233',
  address,
  personalIdNumber: undefined,
  ssnLast4: undefined,
  jobTitle: undefined,
};

function input(overrides: Partial<CreateConnectedAccountInput> = {}): CreateConnectedAccountInput {
  return {
    idempotencyKey: `payout-account-${randomBytes(8).toString('hex')}`,
    email: 'ana@example.es',
    country: 'ES',
    businessType: 'individual',
    bankAccountToken: fakeToken('1332'),
    individual: person,
    businessProfile: { mcc: '5734', url: 'https://hora.example/u/ana' },
    tosAcceptance: { date: new Date('2026-03-02T10:00:00Z'), ip: '203.0.113.7' },
    ...overrides,
  };
}

const requestsSince = (count: number) => fake.requests.slice(count);

async function refusal(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('Stripe payouts adapter', () => {
  it('creates a custom account with both capabilities, the bank token and the person, under the idempotency key', async () => {
    const before = fake.requests.length;
    const details = input();
    const account = await stripe.createAccount(details);

    const [request, ...others] = requestsSince(before);
    expect(others).toEqual([]);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/accounts',
      idempotencyKey: details.idempotencyKey,
    });
    expect(request?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.form).toMatchObject({
      type: 'custom',
      country: 'ES',
      email: 'ana@example.es',
      business_type: 'individual',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'business_profile[mcc]': '5734',
      'business_profile[url]': 'https://hora.example/u/ana',
      external_account: fakeToken('1332'),
      'tos_acceptance[date]': String(Date.parse('2026-03-02T10:00:00Z') / 1000),
      'tos_acceptance[ip]': '203.0.113.7',
      'individual[first_name]': 'Ana',
      'individual[last_name]': 'Pérez',
      'individual[dob][day]': '1',
      'individual[dob][month]': '5',
      'individual[dob][year]': '1990',
      'individual[address][line1]': 'Calle Mayor 1',
      'individual[address][postal_code]': '28013',
      'individual[address][city]': 'Madrid',
      'individual[address][country]': 'ES',
    });
    expect(Object.keys(request?.form ?? {}).some((field) => field.startsWith('company'))).toBe(false);

    expect(account).toEqual({
      id: expect.stringMatching(/^acct_/),
      country: 'ES',
      businessType: 'individual',
      requirements: { currently_due: ['individual.verification.document'], past_due: [] },
      bankLast4: '1332',
      capabilities: { card_payments: 'pending', transfers: 'pending' },
    });
  });

  it('answers a repeated creation with the account Stripe already made', async () => {
    const details = input();
    const first = await stripe.createAccount(details);
    const again = await stripe.createAccount(details);
    expect(again.id).toBe(first.id);
  });

  it("adds a company's representative and owners as persons, each write with its own key", async () => {
    const before = fake.requests.length;
    const details = input({
      businessType: 'company',
      individual: undefined,
      company: {
        name: 'Salas SL',
        taxId: 'B12345678',
        phone: '+34910000000',
        address,
        representative: { ...person, jobTitle: 'CEO' },
        owners: [{ ...person, firstName: 'Eva', ownershipPercentage: 60 }],
      },
    });
    const account = await stripe.createAccount(details);
    const [create, representative, owner, provided] = requestsSince(before);
    expect(create?.form).toMatchObject({
      business_type: 'company',
      'company[name]': 'Salas SL',
      'company[tax_id]': 'B12345678',
      'company[address][postal_code]': '28013',
    });
    expect(representative).toMatchObject({
      path: `/v1/accounts/${account.id}/persons`,
      idempotencyKey: `${details.idempotencyKey}-representative`,
      form: expect.objectContaining({
        first_name: 'Ana',
        'relationship[representative]': 'true',
        'relationship[title]': 'CEO',
      }),
    });
    expect(owner).toMatchObject({
      idempotencyKey: `${details.idempotencyKey}-owner-0`,
      form: expect.objectContaining({
        first_name: 'Eva',
        'relationship[owner]': 'true',
        'relationship[percent_ownership]': '60',
      }),
    });
    expect(provided).toMatchObject({
      path: `/v1/accounts/${account.id}`,
      idempotencyKey: `${details.idempotencyKey}-owners-provided`,
      form: { 'company[owners_provided]': 'true' },
    });
  });

  it('changes the bank account with a new token', async () => {
    const { id } = await stripe.createAccount(input());
    const before = fake.requests.length;
    const updated = await stripe.updateAccount(id, { bankAccountToken: fakeToken('6789') });
    expect(requestsSince(before)[0]?.form).toMatchObject({
      external_account: fakeToken('6789'),
      'capabilities[transfers][requested]': 'true',
    });
    expect(updated.bankLast4).toBe('6789');
  });

  it('asks for an onboarding link that collects what is currently due', async () => {
    const { id } = await stripe.createAccount(input());
    const before = fake.requests.length;
    const link = await stripe.createAccountLink({
      accountId: id,
      type: 'account_onboarding',
      refreshUrl: 'https://hora.example/account/payments/failure',
      returnUrl: 'https://hora.example/account/payments/success',
    });
    expect(requestsSince(before)[0]).toMatchObject({
      path: '/v1/account_links',
      form: {
        account: id,
        type: 'account_onboarding',
        refresh_url: 'https://hora.example/account/payments/failure',
        return_url: 'https://hora.example/account/payments/success',
        'collection_options[fields]': 'currently_due',
      },
    });
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    expect(link.expiresAt.toISOString()).toBe(new Date(1_772_445_900_000).toISOString());
  });

  it('reads requirements and capabilities as Stripe reports them', async () => {
    const { id } = await stripe.createAccount(input());
    fake.verify(id);
    const account = await stripe.retrieveAccount(id);
    expect(account.requirements).toEqual({ currently_due: [], past_due: [] });
    expect(account.capabilities).toEqual({ card_payments: 'active', transfers: 'active' });
  });

  it("passes on what Stripe refused in Stripe's words, with its code and parameter", async () => {
    fake.failNext(400, {
      type: 'invalid_request_error',
      message: 'Invalid postal code for Spain.',
      code: 'postal_code_invalid',
      param: 'individual[address][postal_code]',
    });
    const error = await refusal(stripe.createAccount(input()));
    expect(error).toMatchObject({
      kind: 'invalid_request',
      message: 'Invalid postal code for Spain.',
      code: 'postal_code_invalid',
      param: 'individual[address][postal_code]',
    });
    const missing = await refusal(stripe.retrieveAccount('acct_doesnotexist'));
    expect(missing.code).toBe('resource_missing');
  });

  it('reports wrong keys as configuration, without the key', async () => {
    const wrongKey = `sk_test_${randomBytes(12).toString('hex')}`;
    const misconfigured = createStripePayouts({ secretKey: wrongKey, apiBase: fake.apiBase });
    const error = await refusal(misconfigured.retrieveAccount('acct_x'));
    expect(error.kind).toBe('configuration');
    expect(`${error.message} ${String(error.cause ?? '')}`).not.toContain(wrongKey);
  });
});
