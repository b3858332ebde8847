import { describe, expect, it } from 'vitest';
import { IBAN_COUNTRIES } from '../config/countries.ts';
import {
  bankAccountIssues,
  bankAccountTokenParams,
  bankFieldsFor,
  isValidAbaRoutingNumber,
  isValidClabe,
} from './bank-accounts.ts';
import { IBAN_LENGTHS, isValidIban } from './iban.ts';
import { MESSAGES as M } from './messages.ts';
import { payoutDetailsSchema } from './payout.ts';
import { validate } from './shared.ts';

describe('IBAN', () => {
  it.each([
    ['ES91 2100 0418 4502 0005 1332', true],
    ['DE89370400440532013000', true],
    ['fr1420041010050500013m02606', true],
    ['NO9386011117947', true],
    ['CH9300762011623852957', true],
    ['MT84MALT011000012345MTLCAST001S', true],
    ['AT611904300234573201', true],
    ['BE68539007547034', true],
    ['ES9121000418450200051333', false], // checksum
    ['DE8937040044053201300', false], // length
    ['GB82WEST12345698765432', false], // not a payout IBAN country
    ['ES91-2100', false],
    ['', false],
  ])('%s is valid: %s', (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });

  it('knows the length of every IBAN payout country', () => {
    for (const country of IBAN_COUNTRIES) expect(IBAN_LENGTHS[country]).toBeGreaterThan(14);
  });
});

describe('bank details by country', () => {
  it.each([
    ['ES', { iban: 'ES91 2100 0418 4502 0005 1332' }],
    ['SE', { iban: 'DE89 3704 0044 0532 0130 00' }],
    ['AU', { bsb: '110000', accountNumber: '000123456' }],
    ['CA', { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' }],
    ['GB', { sortCode: '10-88-00', accountNumber: '00012345' }],
    ['US', { routingNumber: '110000000', accountNumber: '000123456789' }],
    ['NZ', { accountNumber: '11-0000-0000000-010' }],
    ['SG', { bankCode: '1100', branchCode: '000', accountNumber: '000123456' }],
    ['HK', { clearingCode: '110', branchCode: '000', accountNumber: '000123456' }],
    [
      'JP',
      {
        bankName: 'みずほ銀行',
        branchName: '東京営業部',
        bankCode: '0001',
        branchCode: '001',
        accountNumber: '0001234',
        accountOwnerName: 'ヤマダ タロウ',
      },
    ],
    ['MX', { clabe: '000000001234567897' }],
  ] as const)('%s accepts %j', (country, fields) => {
    expect(bankAccountIssues(country, fields)).toEqual([]);
  });

  it.each([
    ['ES', {}, [{ field: 'iban', message: M.required }]],
    ['ES', { iban: 'ES9121000418450200051333' }, [{ field: 'iban', message: M.bankIbanInvalid }]],
    [
      'AU',
      { bsb: '1100', accountNumber: '' },
      [
        { field: 'bsb', message: M.bankBsbInvalid },
        { field: 'accountNumber', message: M.required },
      ],
    ],
    [
      'CA',
      { transitNumber: '1100', institutionNumber: '0000', accountNumber: '123' },
      [
        { field: 'transitNumber', message: M.bankTransitNumberInvalid },
        { field: 'institutionNumber', message: M.bankInstitutionNumberInvalid },
        { field: 'accountNumber', message: M.bankAccountNumberInvalid },
      ],
    ],
    [
      'GB',
      { sortCode: '108800', accountNumber: '1234567' },
      [{ field: 'accountNumber', message: M.bankAccountNumberInvalid }],
    ],
    [
      'US',
      { routingNumber: '110000001', accountNumber: '123' },
      [
        { field: 'routingNumber', message: M.bankRoutingNumberInvalid },
        { field: 'accountNumber', message: M.bankAccountNumberInvalid },
      ],
    ],
    ['NZ', { accountNumber: '11-0000' }, [{ field: 'accountNumber', message: M.bankAccountNumberInvalid }]],
    [
      'SG',
      { bankCode: 'ABCD', branchCode: '00', accountNumber: '000123456' },
      [
        { field: 'bankCode', message: M.bankCodeInvalid },
        { field: 'branchCode', message: M.bankBranchCodeInvalid },
      ],
    ],
    [
      'HK',
      { clearingCode: '11', branchCode: '000', accountNumber: '000123456' },
      [{ field: 'clearingCode', message: M.bankClearingCodeInvalid }],
    ],
    [
      'JP',
      { bankCode: '0001', branchCode: '001', accountNumber: '0001234', bankName: ' ' },
      [
        { field: 'bankName', message: M.required },
        { field: 'branchName', message: M.required },
        { field: 'accountOwnerName', message: M.required },
      ],
    ],
    ['MX', { clabe: '000000001234567890' }, [{ field: 'clabe', message: M.bankClabeInvalid }]],
  ] as const)('%s refuses %j', (country, fields, issues) => {
    expect(bankAccountIssues(country, fields)).toEqual(issues);
  });

  it('checks ABA routing numbers and CLABEs', () => {
    expect(isValidAbaRoutingNumber('110000000')).toBe(true);
    expect(isValidAbaRoutingNumber('021000021')).toBe(true);
    expect(isValidAbaRoutingNumber('021000022')).toBe(false);
    expect(isValidAbaRoutingNumber('12345')).toBe(false);
    expect(isValidClabe('032180000118359719')).toBe(true);
    expect(isValidClabe('03218000011835971')).toBe(false);
  });

  it('lists the fields each country asks for', () => {
    expect(bankFieldsFor('FR')).toEqual(['iban']);
    expect(bankFieldsFor('CA')).toEqual(['transitNumber', 'institutionNumber', 'accountNumber']);
    expect(bankFieldsFor('MX')).toEqual(['clabe']);
  });

  it.each([
    [
      'ES',
      { iban: 'es91 2100 0418 4502 0005 1332' },
      { currency: 'EUR', account_number: 'ES9121000418450200051332' },
    ],
    ['NO', { iban: 'NO9386011117947' }, { currency: 'NOK', account_number: 'NO9386011117947' }],
    [
      'AU',
      { bsb: '110 000', accountNumber: '000123456' },
      { currency: 'AUD', account_number: '000123456', routing_number: '110000' },
    ],
    [
      'CA',
      { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' },
      {
        currency: 'CAD',
        account_number: '000123456789',
        routing_number: '11000-000',
      },
    ],
    [
      'GB',
      { sortCode: '10-88-00', accountNumber: '00012345' },
      { currency: 'GBP', account_number: '00012345', routing_number: '108800' },
    ],
    [
      'US',
      { routingNumber: '110000000', accountNumber: '000123456789' },
      {
        currency: 'USD',
        account_number: '000123456789',
        routing_number: '110000000',
      },
    ],
    ['NZ', { accountNumber: '11-0000-0000000-010' }, { currency: 'NZD', account_number: '1100000000000010' }],
    [
      'SG',
      { bankCode: '1100', branchCode: '000', accountNumber: '000123456' },
      {
        currency: 'SGD',
        account_number: '000123456',
        routing_number: '1100-000',
      },
    ],
    [
      'HK',
      { clearingCode: '110', branchCode: '000', accountNumber: '000123456' },
      {
        currency: 'HKD',
        account_number: '000123456',
        routing_number: '110-000',
      },
    ],
    [
      'JP',
      { bankCode: '0001', branchCode: '001', accountNumber: '0001234', accountOwnerName: ' ヤマダ ' },
      {
        currency: 'JPY',
        account_number: '0001234',
        routing_number: '0001001',
        account_holder_name: 'ヤマダ',
      },
    ],
    ['MX', { clabe: '000000001234567897' }, { currency: 'MXN', account_number: '000000001234567897' }],
  ] as const)('%s token params from %j', (country, fields, params) => {
    expect(bankAccountTokenParams(country, fields)).toEqual({ country, ...params });
  });
});

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
