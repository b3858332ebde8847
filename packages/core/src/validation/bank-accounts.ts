import { isIbanCountry, PAYOUT_CURRENCY_BY_COUNTRY, type PayoutCountry } from '../config/countries.ts';
import { isValidIban, normalizeIban } from './iban.ts';
import { MESSAGES as M, type MessageKey } from './messages.ts';

/** Bank fields as the payout form collects them; which ones apply depends on the country. */
export interface BankAccountFields {
  iban?: string;
  accountNumber?: string;
  bsb?: string;
  transitNumber?: string;
  institutionNumber?: string;
  sortCode?: string;
  routingNumber?: string;
  bankCode?: string;
  branchCode?: string;
  clearingCode?: string;
  bankName?: string;
  branchName?: string;
  accountOwnerName?: string;
  clabe?: string;
}

type Field = keyof BankAccountFields;
type Rule = { field: Field; test: (digits: string) => boolean; error: MessageKey };

/** Spaces (and dashes, for grouped numbers) are stripped before checking. */
export const stripBankField = (value: string | undefined) => (value ?? '').replace(/[\s-]+/g, '');

const digits =
  (min: number, max = min) =>
  (v: string) =>
    new RegExp(`^\\d{${min},${max}}$`).test(v);
const text = (v: string) => v.length > 0;

/** US routing numbers carry an ABA checksum: 3-7-1 weights, total divisible by 10. */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = [0, 3, 6].reduce((acc, i) => acc + 3 * (d[i] ?? 0) + 7 * (d[i + 1] ?? 0) + (d[i + 2] ?? 0), 0);
  return sum % 10 === 0;
}

/** Mexican CLABE: 18 digits, the last a 3-7-1 weighted check digit. */
export function isValidClabe(value: string): boolean {
  if (!/^\d{18}$/.test(value)) return false;
  const weights = [3, 7, 1];
  const sum = [...value.slice(0, 17)].reduce(
    (acc, ch, i) => acc + ((Number(ch) * (weights[i % 3] ?? 1)) % 10),
    0,
  );
  return (10 - (sum % 10)) % 10 === Number(value[17]);
}

const RULES: Partial<Record<PayoutCountry, Rule[]>> = {
  AU: [
    { field: 'bsb', test: digits(6), error: M.bankBsbInvalid },
    { field: 'accountNumber', test: digits(5, 9), error: M.bankAccountNumberInvalid },
  ],
  CA: [
    { field: 'transitNumber', test: digits(5), error: M.bankTransitNumberInvalid },
    { field: 'institutionNumber', test: digits(3), error: M.bankInstitutionNumberInvalid },
    { field: 'accountNumber', test: digits(7, 12), error: M.bankAccountNumberInvalid },
  ],
  GB: [
    { field: 'sortCode', test: digits(6), error: M.bankSortCodeInvalid },
    { field: 'accountNumber', test: digits(8), error: M.bankAccountNumberInvalid },
  ],
  US: [
    { field: 'routingNumber', test: isValidAbaRoutingNumber, error: M.bankRoutingNumberInvalid },
    { field: 'accountNumber', test: digits(4, 17), error: M.bankAccountNumberInvalid },
  ],
  NZ: [{ field: 'accountNumber', test: digits(15, 16), error: M.bankAccountNumberInvalid }],
  SG: [
    { field: 'bankCode', test: digits(4), error: M.bankCodeInvalid },
    { field: 'branchCode', test: digits(3), error: M.bankBranchCodeInvalid },
    { field: 'accountNumber', test: digits(6, 12), error: M.bankAccountNumberInvalid },
  ],
  HK: [
    { field: 'clearingCode', test: digits(3), error: M.bankClearingCodeInvalid },
    { field: 'branchCode', test: digits(3), error: M.bankBranchCodeInvalid },
    { field: 'accountNumber', test: digits(6, 12), error: M.bankAccountNumberInvalid },
  ],
  JP: [
    { field: 'bankName', test: text, error: M.required },
    { field: 'branchName', test: text, error: M.required },
    { field: 'bankCode', test: digits(4), error: M.bankCodeInvalid },
    { field: 'branchCode', test: digits(3), error: M.bankBranchCodeInvalid },
    { field: 'accountNumber', test: digits(6, 8), error: M.bankAccountNumberInvalid },
    { field: 'accountOwnerName', test: text, error: M.required },
  ],
  MX: [{ field: 'clabe', test: isValidClabe, error: M.bankClabeInvalid }],
};

const NAME_FIELDS: readonly Field[] = ['bankName', 'branchName', 'accountOwnerName'];

function fieldValue(fields: BankAccountFields, field: Field): string {
  const raw = fields[field] ?? '';
  return NAME_FIELDS.includes(field) ? raw.trim() : stripBankField(raw);
}

/** The bank fields a country asks for, in form order. */
export function bankFieldsFor(country: PayoutCountry): Field[] {
  return isIbanCountry(country) ? ['iban'] : (RULES[country] ?? []).map((rule) => rule.field);
}

/** Problems with the bank details of a country: empty fields are 'required'. */
export function bankAccountIssues(
  country: PayoutCountry,
  fields: BankAccountFields,
): { field: Field; message: MessageKey }[] {
  if (isIbanCountry(country)) {
    const iban = normalizeIban(fields.iban ?? '');
    if (iban === '') return [{ field: 'iban', message: M.required }];
    return isValidIban(iban) ? [] : [{ field: 'iban', message: M.bankIbanInvalid }];
  }
  return (RULES[country] ?? []).flatMap(({ field, test, error }) => {
    const value = fieldValue(fields, field);
    if (value === '') return [{ field, message: M.required }];
    return test(value) ? [] : [{ field, message: error }];
  });
}

export interface BankAccountTokenParams {
  country: PayoutCountry;
  currency: string;
  account_number: string;
  routing_number?: string;
  account_holder_name?: string;
}

/**
 * Parameters for the payment provider's bank-account token, from already valid fields.
 * Routing numbers follow the provider's per-country formats ('transit-institution' for CA,
 * 'bank-branch' for SG and HK, bank + branch digits for JP).
 */
export function bankAccountTokenParams(
  country: PayoutCountry,
  fields: BankAccountFields,
): BankAccountTokenParams {
  const v = (field: Field) => fieldValue(fields, field);
  const base = { country, currency: PAYOUT_CURRENCY_BY_COUNTRY[country] };
  if (isIbanCountry(country)) return { ...base, account_number: normalizeIban(fields.iban ?? '') };
  switch (country) {
    case 'AU':
      return { ...base, account_number: v('accountNumber'), routing_number: v('bsb') };
    case 'CA':
      return {
        ...base,
        account_number: v('accountNumber'),
        routing_number: `${v('transitNumber')}-${v('institutionNumber')}`,
      };
    case 'GB':
      return { ...base, account_number: v('accountNumber'), routing_number: v('sortCode') };
    case 'US':
      return { ...base, account_number: v('accountNumber'), routing_number: v('routingNumber') };
    case 'SG':
      return {
        ...base,
        account_number: v('accountNumber'),
        routing_number: `${v('bankCode')}-${v('branchCode')}`,
      };
    case 'HK':
      return {
        ...base,
        account_number: v('accountNumber'),
        routing_number: `${v('clearingCode')}-${v('branchCode')}`,
      };
    case 'JP':
      return {
        ...base,
        account_number: v('accountNumber'),
        routing_number: `${v('bankCode')}${v('branchCode')}`,
        account_holder_name: v('accountOwnerName'),
      };
    case 'MX':
      return { ...base, account_number: v('clabe') };
    default:
      return { ...base, account_number: v('accountNumber') };
  }
}
