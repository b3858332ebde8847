import { bankFieldsFor, payoutDetailsSchema, validate } from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import {
  bankFieldError,
  countryOptions,
  emptyPayoutForm,
  emptyPerson,
  type PayoutFormValues,
  payoutFormInput,
  personFieldsFor,
  showsMcc,
} from './payout-form.ts';

const schema = payoutDetailsSchema({ today: '2026-03-02' });
const person = emptyPerson({
  firstName: 'Lucía',
  lastName: 'García',
  birthDay: '14',
  birthMonth: '2',
  birthYear: '1988',
  email: 'lucia@example.es',
  phone: '+34600112233',
  streetAddress: 'Calle de Alcalá 21',
  postalCode: '28014',
  city: 'Madrid',
});

function form(overrides: Partial<PayoutFormValues>): PayoutFormValues {
  return {
    ...emptyPayoutForm(),
    country: 'ES',
    bank: { iban: 'ES91 2100 0418 4502 0005 1332' },
    businessProfileURL: 'https://hora.example/u/lucia',
    individual: person,
    ...overrides,
  };
}

const errorsOf = (values: PayoutFormValues) => {
  const result = validate(schema, payoutFormInput(values, bankFieldsFor(values.country as 'ES')));
  return result.ok ? {} : result.errors;
};

describe('payout form: countries', () => {
  it('offers the 36 payout countries by their names in the reader’s language, sorted', () => {
    const spanish = countryOptions('es');
    expect(spanish).toHaveLength(36);
    expect(spanish.find((option) => option.code === 'DE')?.name).toBe('Alemania');
    expect(spanish[0]?.name).toBe('Alemania');
    expect(countryOptions('en').find((option) => option.code === 'GB')?.name).toBe('United Kingdom');
    const names = spanish.map((option) => option.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
  });
});

describe('payout form: fields per country', () => {
  it.each([
    ['ES', { postalCode: true, state: false, personalIdNumber: false, ssnLast4: false }],
    ['US', { postalCode: true, state: true, personalIdNumber: false, ssnLast4: true }],
    ['CA', { postalCode: true, state: true, personalIdNumber: true, ssnLast4: false }],
    ['HK', { postalCode: false, state: false, personalIdNumber: true, ssnLast4: false }],
  ])('%s asks for %j', (country, rules) => {
    expect(personFieldsFor(country)).toEqual(rules);
  });

  it('asks for the merchant category code in the US only', () => {
    expect(showsMcc('US')).toBe(true);
    expect(showsMcc('ES')).toBe(false);
  });

  it.each([
    ['ES', ['iban']],
    ['GB', ['sortCode', 'accountNumber']],
    ['JP', ['bankName', 'branchName', 'bankCode', 'branchCode', 'accountNumber', 'accountOwnerName']],
    ['MX', ['clabe']],
  ] as const)('shows the bank fields %s uses', (country, fields) => {
    expect(bankFieldsFor(country)).toEqual(fields);
  });

  it('sends what the country shows and nothing it hides', () => {
    const values = form({
      individual: { ...person, state: 'Madrid', ssnLast4: '1234' },
      businessProfileMCC: '1234',
    });
    const input = payoutFormInput(values, bankFieldsFor('ES'));
    if (!('individual' in input)) throw new Error('An individual account sends the person');
    expect(input.individual.address).toEqual({
      streetAddress: 'Calle de Alcalá 21',
      city: 'Madrid',
      postalCode: '28014',
    });
    expect(input.individual).not.toHaveProperty('ssnLast4');
    expect(input).not.toHaveProperty('businessProfileMCC');
    expect(errorsOf(values)).toEqual({});
  });

  it('checks a US account for its state, SSN, MCC and routing number', () => {
    expect(
      errorsOf(form({ country: 'US', bank: { routingNumber: '110000001', accountNumber: '000123456789' } })),
    ).toEqual({
      'bankAccount.routingNumber': 'validation.bank.routingNumberInvalid',
      businessProfileMCC: 'validation.required',
      'individual.address.state': 'validation.required',
      'individual.ssnLast4': 'validation.required',
    });
  });

  it("checks a company's representative and owners of 25 % or more", () => {
    const values = form({
      accountType: 'company',
      company: {
        name: 'Salas SL',
        taxId: 'B12345678',
        phone: '+34910000000',
        streetAddress: 'Gran Vía 1',
        postalCode: '28013',
        city: 'Madrid',
        state: '',
      },
      representative: { ...person, jobTitle: 'CEO' },
      owners: [{ ...person, ownershipPercentage: '20' }],
    });
    expect(errorsOf(values)).toEqual({
      'company.owners.0.ownershipPercentage': 'validation.payout.ownershipTooLow',
    });
    expect(errorsOf({ ...values, owners: [{ ...person, ownershipPercentage: '25' }] })).toEqual({});
  });

  it('refuses someone under the minimum age', () => {
    expect(errorsOf(form({ individual: { ...person, birthYear: '2010' } }))).toEqual({
      'individual.birthDate': 'validation.birthDate.tooYoung',
    });
  });
});

describe('payout form: bank field errors name the country', () => {
  it('uses the IBAN variant in IBAN countries', () => {
    expect(bankFieldError('iban', 'validation.required', 'DE', 'es')).toEqual({
      key: 'payouts.bank.ibanRequired',
      values: { country: 'Alemania' },
    });
    expect(bankFieldError('iban', 'validation.bank.ibanInvalid', 'ES', 'en')).toEqual({
      key: 'payouts.bank.ibanInvalid',
      values: { country: 'Spain' },
    });
  });

  it('names the field and the country elsewhere', () => {
    expect(bankFieldError('sortCode', 'validation.bank.sortCodeInvalid', 'GB', 'es')).toEqual({
      key: 'payouts.bank.fieldInvalid',
      values: { country: 'Reino Unido' },
      fieldLabelKey: 'payouts.bank.sortCode',
    });
    expect(bankFieldError('clabe', 'validation.required', 'MX', 'es').key).toBe('payouts.bank.fieldRequired');
  });
});
