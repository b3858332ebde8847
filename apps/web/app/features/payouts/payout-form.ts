import {
  countryName,
  isIbanCountry,
  isPayoutCountry,
  NO_POSTAL_CODE_COUNTRIES,
  PAYOUT_COUNTRIES,
  type PayoutCountry,
  PERSONAL_ID_COUNTRIES,
  STATE_COUNTRIES,
} from '@hora/core/config';
import type { BankAccountFields } from '@hora/core/validation';

/**
 * The payout form's values and the rules of which fields it shows (spec part 2 §5.7 and §9), kept
 * apart from React so they are tested alone. Field names are the paths of core's payout schema
 * (`individual.address.postalCode`), so its errors land on the inputs as they are.
 */

export type BankField = keyof BankAccountFields;

/** A field's path in core's schema (`company.owners.0`), as its input is named and its errors keyed. */
export function pathOf(...parts: (string | number)[]): string {
  return parts.join('.');
}
export type AccountType = 'individual' | 'company';

export interface PersonValues {
  firstName: string;
  lastName: string;
  birthDay: string;
  birthMonth: string;
  birthYear: string;
  email: string;
  phone: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  state: string;
  personalIdNumber: string;
  ssnLast4: string;
  jobTitle: string;
  ownershipPercentage: string;
}

export interface PayoutFormValues {
  country: string;
  accountType: AccountType;
  bank: Partial<Record<BankField, string>>;
  businessProfileURL: string;
  businessProfileMCC: string;
  individual: PersonValues;
  company: { name: string; taxId: string; phone: string } & AddressValues;
  representative: PersonValues;
  owners: PersonValues[];
}

export function emptyPerson(overrides: Partial<PersonValues> = {}): PersonValues {
  return {
    firstName: '',
    lastName: '',
    birthDay: '',
    birthMonth: '',
    birthYear: '',
    email: '',
    phone: '',
    streetAddress: '',
    postalCode: '',
    city: '',
    state: '',
    personalIdNumber: '',
    ssnLast4: '',
    jobTitle: '',
    ownershipPercentage: '',
    ...overrides,
  };
}

/** A fresh form, the person's name and email already filled in from their account. */
export function emptyPayoutForm(known: Partial<PersonValues> = {}): PayoutFormValues {
  return {
    country: '',
    accountType: 'individual',
    bank: {},
    businessProfileURL: '',
    businessProfileMCC: '',
    individual: emptyPerson(known),
    company: { name: '', taxId: '', phone: '', streetAddress: '', postalCode: '', city: '', state: '' },
    representative: emptyPerson(known),
    owners: [],
  };
}

/** The 36 payout countries, named in the reader's language and sorted as they read. */
export function countryOptions(locale: string): { code: PayoutCountry; name: string }[] {
  const collator = new Intl.Collator(locale);
  return PAYOUT_COUNTRIES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** Which optional parts of a person's details a country asks for. */
export interface PersonFieldRules {
  postalCode: boolean;
  state: boolean;
  personalIdNumber: boolean;
  ssnLast4: boolean;
}

const among = (countries: readonly string[], country: string) => countries.includes(country);

export function personFieldsFor(country: string): PersonFieldRules {
  return {
    postalCode: !among(NO_POSTAL_CODE_COUNTRIES, country),
    state: among(STATE_COUNTRIES, country),
    personalIdNumber: among(PERSONAL_ID_COUNTRIES, country),
    ssnLast4: country === 'US',
  };
}

/** The merchant category code is asked in the US only; elsewhere the default applies. */
export function showsMcc(country: string): boolean {
  return country === 'US';
}

/** Core's bank fields of a country as the form keeps them, spaces as typed. */
export function bankAccountOf(values: PayoutFormValues, fields: readonly BankField[]): BankAccountFields {
  return Object.fromEntries(fields.map((field) => [field, values.bank[field] ?? ''])) as BankAccountFields;
}

const optional = (value: string) => (value.trim() === '' ? undefined : value);
const number = (value: string) => (value.trim() === '' ? undefined : Number(value));

type AddressValues = Pick<PersonValues, 'streetAddress' | 'postalCode' | 'city' | 'state'>;

function addressOf(address: AddressValues, country: string) {
  const rules = personFieldsFor(country);
  return {
    streetAddress: address.streetAddress,
    city: address.city,
    ...(rules.postalCode ? { postalCode: optional(address.postalCode) } : {}),
    ...(rules.state ? { state: optional(address.state) } : {}),
  };
}

function personOf(person: PersonValues, country: string, role: 'person' | 'representative' | 'owner') {
  const rules = personFieldsFor(country);
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    birthDate: {
      day: number(person.birthDay),
      month: number(person.birthMonth),
      year: number(person.birthYear),
    },
    email: person.email,
    phone: person.phone,
    address: addressOf(person, country),
    ...(rules.personalIdNumber ? { personalIdNumber: optional(person.personalIdNumber) } : {}),
    ...(rules.ssnLast4 ? { ssnLast4: optional(person.ssnLast4) } : {}),
    ...(role === 'representative' ? { jobTitle: optional(person.jobTitle) } : {}),
    ...(role === 'owner' ? { ownershipPercentage: number(person.ownershipPercentage) } : {}),
  };
}

/**
 * What core's payout schemas read: the form's strings as the API's shapes, only the fields the
 * country and account type show (a hidden field never blocks the form or reaches the API).
 */
export function payoutDetailsOf(values: PayoutFormValues) {
  const { country, accountType } = values;
  return {
    country,
    accountType,
    businessProfileURL: values.businessProfileURL,
    ...(showsMcc(country) ? { businessProfileMCC: optional(values.businessProfileMCC) } : {}),
    ...(accountType === 'individual'
      ? { individual: personOf(values.individual, country, 'person') }
      : {
          company: {
            name: values.company.name,
            taxId: values.company.taxId,
            phone: values.company.phone,
            address: addressOf(values.company, country),
            representative: personOf(values.representative, country, 'representative'),
            owners: values.owners.map((owner) => personOf(owner, country, 'owner')),
          },
        }),
  };
}

/** The form as `payoutDetailsSchema` checks it in the browser: the details plus the bank fields. */
export function payoutFormInput(values: PayoutFormValues, bankFields: readonly BankField[]) {
  return { ...payoutDetailsOf(values), bankAccount: bankAccountOf(values, bankFields) };
}

/** Fields whose message names the country (spec part 2 §8.2: bank errors name the country). */
export interface LocalizedError {
  key: string;
  values?: Record<string, string>;
  /** The label of the field, translated by the caller and passed as `{field}`. */
  fieldLabelKey?: string;
}

/**
 * The message of a bank field's error: what is missing or wrong, for which country, and for IBAN
 * countries the IBAN variant. Other messages are core's keys as they are.
 */
export function bankFieldError(
  field: BankField,
  messageKey: string,
  country: string,
  locale: string,
): LocalizedError {
  if (!isPayoutCountry(country)) return { key: messageKey };
  const values = { country: countryName(country, locale) };
  if (isIbanCountry(country)) {
    return {
      key: messageKey === 'validation.required' ? 'payouts.bank.ibanRequired' : 'payouts.bank.ibanInvalid',
      values,
    };
  }
  return {
    key: messageKey === 'validation.required' ? 'payouts.bank.fieldRequired' : 'payouts.bank.fieldInvalid',
    values,
    fieldLabelKey: `payouts.bank.${field}`,
  };
}
