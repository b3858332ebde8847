import { describe, expect, it } from 'vitest';
import { isOldEnough } from './birth-date.ts';
import { MESSAGES as M } from './messages.ts';
import { payoutAccountSchema } from './payout.ts';
import {
  bankAccountTokenBodySchema,
  payoutAccountBodySchema,
  payoutAccountLinkBodySchema,
} from './payout-requests.ts';
import { validate } from './shared.ts';

const person = {
  firstName: 'Ana',
  lastName: 'Pérez',
  birthDate: { day: 1, month: 5, year: 2015 },
  email: 'ana@example.es',
  phone: '+34600112233',
  address: { streetAddress: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid' },
};
const account = {
  country: 'ES',
  accountType: 'individual',
  bankAccountToken: `btok_${'1NsandboxES'}`,
  businessProfileURL: 'https://hora.example/u/ana',
  individual: person,
};
const errorsOf = (schema: Parameters<typeof validate>[0], input: unknown) => {
  const result = validate(schema, input);
  return result.ok ? {} : result.errors;
};

describe('payout API bodies', () => {
  it('take a bank token instead of bank numbers, and leave the age to the server clock', () => {
    expect(errorsOf(payoutAccountBodySchema, account)).toEqual({});
    expect(errorsOf(payoutAccountSchema({ today: '2026-03-29' }), account)).toEqual({
      'individual.birthDate': M.birthDateTooYoung,
    });
    expect(isOldEnough(person.birthDate, '2026-03-29')).toBe(false);
    expect(isOldEnough(person.birthDate, '2033-05-01')).toBe(true);
  });

  it('refuse a bank token that is not one', () => {
    expect(errorsOf(payoutAccountBodySchema, { ...account, bankAccountToken: 'ES91 2100' })).toEqual({
      bankAccountToken: M.invalid,
    });
  });

  it('check the bank fields of the token call per country, IBAN checksum included', () => {
    expect(
      errorsOf(bankAccountTokenBodySchema, {
        country: 'ES',
        bankAccount: { iban: 'ES9121000418450200051333' },
      }),
    ).toEqual({ 'bankAccount.iban': M.bankIbanInvalid });
    expect(
      errorsOf(bankAccountTokenBodySchema, { country: 'GB', bankAccount: { sortCode: '10-88-00' } }),
    ).toEqual({ 'bankAccount.accountNumber': M.required });
    expect(errorsOf(bankAccountTokenBodySchema, { country: 'BR', bankAccount: {} })).toEqual({
      country: M.payoutCountryUnsupported,
    });
  });

  it('accept only the two link types', () => {
    expect(errorsOf(payoutAccountLinkBodySchema, { type: 'account_update', returnPath: '/x' })).toEqual({});
    expect(errorsOf(payoutAccountLinkBodySchema, { type: 'custom', returnPath: '/x' })).toEqual({
      type: M.invalid,
    });
  });
});
