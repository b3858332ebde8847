import type { PayoutPerson } from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/database.ts';
import { TestClock } from '../../../clock.ts';
import type { CreateConnectedAccountInput } from '../payouts-port.ts';
import { PaymentProviderError } from '../provider-error.ts';
import { SANDBOX_REQUIREMENTS_DEADLINE_DAYS } from './requirements.ts';
import { createSandboxPayouts, SANDBOX_LINK_TTL_MS, SANDBOX_ONBOARDING_PATH } from './sandbox-payouts.ts';

const database = await createTestDatabase();
const clock = new TestClock('2026-03-02T10:00:00Z');
const sandbox = createSandboxPayouts({ db: database.db, clock, publicUrl: 'http://hora.test' });

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

let keys = 0;
async function accountInput(overrides: Partial<CreateConnectedAccountInput> = {}) {
  keys += 1;
  const token = await sandbox.createBankToken('ES', { iban: 'ES91 2100 0418 4502 0005 1332' });
  return {
    idempotencyKey: `key-${keys}`,
    email: 'ana@example.es',
    country: 'ES',
    businessType: 'individual',
    bankAccountToken: token.id,
    individual: person,
    businessProfile: { mcc: '5734', url: 'https://hora.example/u/ana' },
    tosAcceptance: { date: clock.now(), ip: '203.0.113.7' },
    ...overrides,
  } satisfies CreateConnectedAccountInput;
}

async function refusal(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('sandbox bank tokens', () => {
  it('are btok_ ids keeping only the last four digits', async () => {
    const token = await sandbox.createBankToken('GB', { sortCode: '10-88-00', accountNumber: '00012345' });
    expect(token.id).toMatch(/^btok_[A-Za-z0-9]{24}$/);
    expect(token.last4).toBe('2345');
  });

  it.each([
    ['ES', { iban: 'ES91 2100 0418 4502 0005 1333' }, 'iban'],
    ['US', { routingNumber: '110000001', accountNumber: '000123456789' }, 'routingNumber'],
    ['MX', { clabe: '032180000118359718' }, 'clabe'],
    ['AU', { bsb: '11000', accountNumber: '000123456' }, 'bsb'],
    ['JP', { bankCode: '1100', branchCode: '000', accountNumber: '0001234' }, 'bankName'],
  ] as const)('refuse the bank details of %s that do not check out (%j)', async (country, fields, field) => {
    const error = await refusal(sandbox.createBankToken(country, fields));
    expect(error.kind).toBe('invalid_request');
    expect(error.message).toContain(field);
  });

  it('refuse a country that is not a payout country', async () => {
    const error = await refusal(sandbox.createBankToken('BR' as never, { accountNumber: '1234' }));
    expect(error.message).toContain("Country 'BR'");
  });
});

describe('sandbox connected accounts', () => {
  it('need identity verification until the hosted onboarding step is completed', async () => {
    const account = await sandbox.createAccount(await accountInput());
    expect(account.id).toMatch(/^acct_[A-Za-z0-9]{16}$/);
    expect(account.bankLast4).toBe('1332');
    expect(account.requirements).toEqual({
      currently_due: ['individual.verification.document'],
      past_due: [],
    });
    expect(account.capabilities).toEqual({ card_payments: 'pending', transfers: 'pending' });

    const link = await sandbox.createAccountLink({
      accountId: account.id,
      type: 'account_onboarding',
      refreshUrl: 'http://hora.test/account/payments/failure',
      returnUrl: 'http://hora.test/account/payments/success',
    });
    expect(link.url).toMatch(new RegExp(`^http://hora\\.test${SANDBOX_ONBOARDING_PATH}/[\\w-]{43}$`));
    const linkId = link.url.split('/').pop() as string;
    expect(await sandbox.describeLink(linkId)).toMatchObject({
      state: 'open',
      currentlyDue: ['individual.verification.document'],
    });
    expect(await sandbox.finishLink(linkId, 'completed')).toEqual({
      redirectUrl: 'http://hora.test/account/payments/success',
    });

    const verified = await sandbox.retrieveAccount(account.id);
    expect(verified.requirements).toEqual({ currently_due: [], past_due: [] });
    expect(verified.capabilities).toEqual({ card_payments: 'active', transfers: 'active' });
  });

  it('list what is missing by the provider’s names, past due after the deadline', async () => {
    const account = await sandbox.createAccount(
      await accountInput({
        individual: { ...person, address: { ...address, postalCode: undefined } },
        businessProfile: { mcc: '5734', url: '' },
      }),
    );
    expect(account.requirements.currently_due).toEqual([
      'business_profile.url',
      'individual.address.postal_code',
      'individual.verification.document',
    ]);
    const later = new TestClock(
      new Date(clock.now().getTime() + SANDBOX_REQUIREMENTS_DEADLINE_DAYS * 86_400_000),
    );
    const overdue = await createSandboxPayouts({
      db: database.db,
      clock: later,
      publicUrl: '',
    }).retrieveAccount(account.id);
    expect(overdue.requirements.past_due).toEqual(overdue.requirements.currently_due);
    expect(overdue.capabilities.transfers).toBe('inactive');
  });

  it('ask a company for its representative’s verification', async () => {
    const account = await sandbox.createAccount(
      await accountInput({
        businessType: 'company',
        individual: undefined,
        company: {
          name: 'Salas SL',
          taxId: 'B12345678',
          phone: '+34910000000',
          address,
          representative: { ...person, jobTitle: 'CEO' },
          owners: [],
        },
      }),
    );
    expect(account.businessType).toBe('company');
    expect(account.requirements.currently_due).toEqual(['representative.verification.document']);
  });

  it('answer a repeated idempotency key with the same account, and refuse it with other parameters', async () => {
    const input = await accountInput();
    const first = await sandbox.createAccount(input);
    const again = await sandbox.createAccount(input);
    expect(again.id).toBe(first.id);
    const error = await refusal(sandbox.createAccount({ ...input, email: 'otra@example.es' }));
    expect(error.kind).toBe('idempotency');
  });

  it('answer two simultaneous requests with one key with one account', async () => {
    const input = await accountInput();
    const [one, two] = await Promise.all([sandbox.createAccount(input), sandbox.createAccount(input)]);
    expect(one.id).toBe(two.id);
  });

  it('use a bank token once, and only in its own country', async () => {
    const input = await accountInput();
    await sandbox.createAccount(input);
    const reused = await refusal(sandbox.createAccount({ ...input, idempotencyKey: 'another-key' }));
    expect(reused.message).toContain('more than once');
    const french = await sandbox.createBankToken('FR', { iban: 'FR14 2004 1010 0505 0001 3M02 606' });
    const foreign = await refusal(sandbox.createAccount(await accountInput({ bankAccountToken: french.id })));
    expect(foreign.code).toBe('country_mismatch');
    const missing = await refusal(
      sandbox.createAccount(await accountInput({ bankAccountToken: 'btok_none' })),
    );
    expect(missing.message).toBe("No such token: 'btok_none'");
  });

  it('change the bank account with a new token', async () => {
    const account = await sandbox.createAccount(await accountInput());
    const token = await sandbox.createBankToken('ES', { iban: 'ES7921000813610123456789' });
    expect((await sandbox.updateAccount(account.id, { bankAccountToken: token.id })).bankLast4).toBe('6789');
  });
});

describe('sandbox account links', () => {
  async function newLink() {
    const account = await sandbox.createAccount(await accountInput());
    const link = await sandbox.createAccountLink({
      accountId: account.id,
      type: 'account_onboarding',
      refreshUrl: 'http://hora.test/refresh',
      returnUrl: 'http://hora.test/return',
    });
    return { account, id: link.url.split('/').pop() as string, expiresAt: link.expiresAt };
  }

  it('are single-use: a used link goes to the refresh URL and changes nothing', async () => {
    const link = await newLink();
    expect(await sandbox.finishLink(link.id, 'completed')).toEqual({
      redirectUrl: 'http://hora.test/return',
    });
    expect((await sandbox.describeLink(link.id))?.state).toBe('used');
    expect(await sandbox.finishLink(link.id, 'failed')).toEqual({ redirectUrl: 'http://hora.test/refresh' });
    expect((await sandbox.retrieveAccount(link.account.id)).requirements.currently_due).toEqual([]);
  });

  it('expire after a few minutes by the clock', async () => {
    const link = await newLink();
    expect(link.expiresAt.getTime() - clock.now().getTime()).toBe(SANDBOX_LINK_TTL_MS);
    const later = new TestClock(link.expiresAt);
    const sandboxLater = createSandboxPayouts({ db: database.db, clock: later, publicUrl: '' });
    expect((await sandboxLater.describeLink(link.id))?.state).toBe('expired');
    expect(await sandboxLater.finishLink(link.id, 'completed')).toEqual({
      redirectUrl: 'http://hora.test/refresh',
    });
    expect((await sandbox.retrieveAccount(link.account.id)).requirements.currently_due).toEqual([
      'individual.verification.document',
    ]);
  });

  it('record a failed verification as past due and go to the refresh URL', async () => {
    const link = await newLink();
    expect(await sandbox.finishLink(link.id, 'failed')).toEqual({ redirectUrl: 'http://hora.test/refresh' });
    const account = await sandbox.retrieveAccount(link.account.id);
    expect(account.requirements.past_due).toEqual(['individual.verification.document']);
    expect(account.capabilities.card_payments).toBe('inactive');
  });

  it('do not exist for an unknown id', async () => {
    expect(await sandbox.describeLink('x'.repeat(43))).toBeUndefined();
    expect(await sandbox.finishLink('x'.repeat(43), 'completed')).toBeUndefined();
  });
});
