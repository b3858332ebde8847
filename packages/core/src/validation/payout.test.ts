import { describe, expect, it } from 'vitest';
import { MESSAGES as M } from './messages.ts';
import { payoutDetailsSchema } from './payout.ts';
import { validate } from './shared.ts';

describe('payout details form', () => {
  const schema = payoutDetailsSchema({ today: '2026-03-29' });
  const person = {
    firstName: 'Ana',
    lastName: 'Pérez',
    birthDate: { day: 1, month: 5, year: 1990 },
    email: 'ana@example.es',
    phone: '+34600112233',
    address: { streetAddress: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid' },
  };
  const individual = {
    country: 'ES',
    accountType: 'individual',
    bankAccount: { iban: 'ES9121000418450200051332' },
    businessProfileURL: 'https://hora.example/u/ana',
    individual: person,
  };
  const company = {
    ...individual,
    accountType: 'company',
    individual: undefined,
    company: {
      name: 'Salas SL',
      taxId: 'B12345678',
      phone: '+34910000000',
      address: person.address,
      representative: { ...person, jobTitle: 'CEO' },
      owners: [
        { ...person, ownershipPercentage: 60 },
        { ...person, firstName: 'Eva', ownershipPercentage: 25 },
      ],
    },
  };
  const errors = (input: unknown) => {
    const result = validate(schema, input);
    return result.ok ? {} : result.errors;
  };

  it('accepts an individual and fills in the default merchant category code', () => {
    const result = schema.parse(individual);
    expect(result.businessProfileMCC).toBe('5734');
    expect(result.individual?.birthDate).toEqual({ day: 1, month: 5, year: 1990 });
  });

  it('accepts a company whose owners each hold 25 % or more', () => {
    expect(errors(company)).toEqual({});
  });

  it.each([
    [{ ...individual, country: 'BR' }, { country: M.payoutCountryUnsupported }],
    [{ ...individual, accountType: 'trust' }, { accountType: M.required }],
    [{ ...individual, individual: undefined }, { individual: M.required }],
    [{ ...individual, businessProfileURL: 'hora' }, { businessProfileURL: M.urlInvalid }],
    [{ ...individual, bankAccount: { iban: 'ES00' } }, { 'bankAccount.iban': M.bankIbanInvalid }],
    [
      { ...individual, individual: { ...person, birthDate: { day: 1, month: 5, year: 2010 } } },
      { 'individual.birthDate': M.birthDateTooYoung },
    ],
    [
      { ...individual, individual: { ...person, address: { streetAddress: 'x', city: 'Madrid' } } },
      { 'individual.address.postalCode': M.required },
    ],
    [{ ...company, company: undefined }, { company: M.required }],
  ])('%# refuses %j', (input, expected) => {
    expect(errors(input)).toEqual(expected);
  });

  it('asks US accounts for MCC, state and SSN last 4', () => {
    const us = {
      ...individual,
      country: 'US',
      bankAccount: { routingNumber: '110000000', accountNumber: '000123456789' },
      individual: person,
    };
    expect(errors(us)).toEqual({
      businessProfileMCC: M.required,
      'individual.address.state': M.required,
      'individual.ssnLast4': M.required,
    });
    expect(
      errors({
        ...us,
        businessProfileMCC: '57',
        individual: { ...person, ssnLast4: '12a4', address: { ...person.address, state: 'NY' } },
      }),
    ).toEqual({ businessProfileMCC: M.payoutMccInvalid, 'individual.ssnLast4': M.payoutSsnLast4Invalid });
  });

  it('asks for personal id numbers where needed and no postal code in Hong Kong', () => {
    const hk = {
      ...individual,
      country: 'HK',
      bankAccount: { clearingCode: '110', branchCode: '000', accountNumber: '000123456' },
      individual: { ...person, address: { streetAddress: '1 Queen St', city: 'Hong Kong' } },
    };
    expect(errors(hk)).toEqual({ 'individual.personalIdNumber': M.required });
  });

  it('checks the representative and the owners of a company', () => {
    const { representative, owners } = company.company;
    expect(
      errors({
        ...company,
        company: {
          ...company.company,
          representative: { ...representative, jobTitle: undefined },
          owners: [
            { ...owners[0], ownershipPercentage: 20 },
            { ...owners[1], ownershipPercentage: undefined },
          ],
        },
      }),
    ).toEqual({
      'company.representative.jobTitle': M.required,
      'company.owners.0.ownershipPercentage': M.payoutOwnershipTooLow,
      'company.owners.1.ownershipPercentage': M.required,
    });
    expect(
      errors({
        ...company,
        company: { ...company.company, owners: [{ ...owners[0], ownershipPercentage: 80 }, owners[1]] },
      }),
    ).toEqual({ 'company.owners': M.payoutOwnershipTooHigh });
  });
});
