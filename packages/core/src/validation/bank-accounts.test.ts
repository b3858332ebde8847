import { describe, expect, it } from 'vitest';
import {
  bankAccountIssues,
  bankAccountTokenParams,
  bankFieldsFor,
  isValidAbaRoutingNumber,
  isValidClabe,
} from './bank-accounts.ts';
import { MESSAGES as M } from './messages.ts';

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
