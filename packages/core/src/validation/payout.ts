import { z } from 'zod';
import { LIMITS, PAYOUT } from '../config/constants.ts';
import {
  isPayoutCountry,
  NO_POSTAL_CODE_COUNTRIES,
  type PayoutCountry,
  PERSONAL_ID_COUNTRIES,
  STATE_COUNTRIES,
} from '../config/countries.ts';
import type { DateKey } from '../time/calendar.ts';
import { type BankAccountFields, bankAccountIssues } from './bank-accounts.ts';
import { birthDateSchema } from './birth-date.ts';
import { MESSAGES as M } from './messages.ts';
import { email, form, httpUrl, optionalString, personName, requiredString } from './shared.ts';

// The per-country person rules live with the countries, so forms read them without loading zod.
export { NO_POSTAL_CODE_COUNTRIES, PERSONAL_ID_COUNTRIES, STATE_COUNTRIES } from '../config/countries.ts';

export interface PayoutSchemaOptions {
  /**
   * Today in the user's zone: birth dates are checked against it. Request schemas, built once,
   * leave it out and the server checks the age with its clock (`isOldEnough`).
   */
  today?: DateKey;
  minimumAge?: number;
}

const address = () =>
  form(
    {
      streetAddress: requiredString(),
      postalCode: optionalString(20),
      city: requiredString(),
      state: optionalString(100),
    },
    M.required,
  );

const person = (options: PayoutSchemaOptions) =>
  form(
    {
      firstName: personName(),
      lastName: personName(),
      birthDate: birthDateSchema(options),
      email: email(),
      phone: requiredString(),
      address: address(),
      personalIdNumber: optionalString(50),
      ssnLast4: optionalString(4),
      jobTitle: optionalString(100),
      ownershipPercentage: z
        .number({ error: M.invalid })
        .min(0, { error: M.invalid })
        .max(100, { error: M.invalid })
        .optional(),
    },
    M.required,
  );

/** Bank fields are short codes and names; the rules per country are in bank-accounts.ts. */
const bankField = () => optionalString(100);

/** Every bank field any country asks for; `bankAccountIssues` says which apply. */
export const bankAccountFieldsSchema = form(
  {
    iban: bankField(),
    accountNumber: bankField(),
    bsb: bankField(),
    transitNumber: bankField(),
    institutionNumber: bankField(),
    sortCode: bankField(),
    routingNumber: bankField(),
    bankCode: bankField(),
    branchCode: bankField(),
    clearingCode: bankField(),
    bankName: bankField(),
    branchName: bankField(),
    accountOwnerName: bankField(),
    clabe: bankField(),
  },
  M.required,
);

type Ctx = z.RefinementCtx;
type Person = z.output<ReturnType<typeof person>>;

function checkPerson(country: PayoutCountry, p: Person, path: (string | number)[], ctx: Ctx): void {
  const issue = (message: string, field: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', message, path: [...path, ...field] });
  if (!NO_POSTAL_CODE_COUNTRIES.includes(country) && !p.address.postalCode)
    issue(M.required, ['address', 'postalCode']);
  if (STATE_COUNTRIES.includes(country) && !p.address.state) issue(M.required, ['address', 'state']);
  if (PERSONAL_ID_COUNTRIES.includes(country) && !p.personalIdNumber) issue(M.required, ['personalIdNumber']);
  if (country === 'US') {
    if (!p.ssnLast4) issue(M.required, ['ssnLast4']);
    else if (!/^\d{4}$/.test(p.ssnLast4)) issue(M.payoutSsnLast4Invalid, ['ssnLast4']);
  }
}

/** The account holder and business fields, shared by the form (bank fields) and the API (bank token). */
const accountHolderShape = (options: PayoutSchemaOptions) => ({
  country: z.string({ error: M.required }).refine(isPayoutCountry, { error: M.payoutCountryUnsupported }),
  accountType: z.enum(PAYOUT.accountTypes, { error: M.required }),
  businessProfileURL: httpUrl(),
  businessProfileMCC: z
    .string()
    .regex(/^\d{4}$/, { error: M.payoutMccInvalid })
    .optional(),
  individual: person(options).optional(),
  company: form(
    {
      name: requiredString(),
      taxId: requiredString(),
      phone: requiredString(),
      address: address(),
      representative: person(options),
      owners: z.array(person(options), { error: M.invalid }).default([]),
    },
    M.required,
  ).optional(),
});

type AccountHolder = z.output<z.ZodObject<ReturnType<typeof accountHolderShape>>>;

/** The rules that depend on the country and the account type (the shape alone cannot say them). */
function checkAccountHolder(values: AccountHolder, ctx: Ctx): void {
  const country = values.country as PayoutCountry;
  if (country === 'US' && !values.businessProfileMCC) {
    ctx.addIssue({ code: 'custom', message: M.required, path: ['businessProfileMCC'] });
  }
  if (values.accountType === 'individual') {
    if (!values.individual) ctx.addIssue({ code: 'custom', message: M.required, path: ['individual'] });
    else checkPerson(country, values.individual, ['individual'], ctx);
    return;
  }
  if (!values.company) {
    ctx.addIssue({ code: 'custom', message: M.required, path: ['company'] });
    return;
  }
  const { representative, owners } = values.company;
  checkPerson(country, representative, ['company', 'representative'], ctx);
  if (!representative.jobTitle) {
    ctx.addIssue({
      code: 'custom',
      message: M.required,
      path: ['company', 'representative', 'jobTitle'],
    });
  }
  let total = 0;
  owners.forEach((owner, i) => {
    checkPerson(country, owner, ['company', 'owners', i], ctx);
    const share = owner.ownershipPercentage;
    if (share === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: M.required,
        path: ['company', 'owners', i, 'ownershipPercentage'],
      });
    } else if (share < LIMITS.companyOwnerMinPercent) {
      ctx.addIssue({
        code: 'custom',
        message: M.payoutOwnershipTooLow,
        path: ['company', 'owners', i, 'ownershipPercentage'],
      });
    }
    total += share ?? 0;
  });
  if (total > 100)
    ctx.addIssue({ code: 'custom', message: M.payoutOwnershipTooHigh, path: ['company', 'owners'] });
}

const withDefaultMcc = <T extends { businessProfileMCC?: string | undefined }>(values: T) => ({
  ...values,
  businessProfileMCC: values.businessProfileMCC ?? PAYOUT.defaultMcc,
});

/**
 * Payout details form (spec part 2 §5.7 and §9): a supported country, the bank details that
 * country asks for, the person (individual) or the company with its representative and its
 * owners of 25 % or more, a business URL and, in the US, the merchant category code.
 */
export const payoutDetailsSchema = (options: PayoutSchemaOptions) =>
  form({ ...accountHolderShape(options), bankAccount: bankAccountFieldsSchema })
    .superRefine((values, ctx) => {
      const country = values.country as PayoutCountry;
      for (const { field, message } of bankAccountIssues(country, values.bankAccount as BankAccountFields)) {
        ctx.addIssue({ code: 'custom', message, path: ['bankAccount', field] });
      }
      checkAccountHolder(values, ctx);
    })
    .transform(withDefaultMcc);

export type PayoutDetails = z.output<ReturnType<typeof payoutDetailsSchema>>;

/** A bank-account token of the payment provider (`btok_…`), made from the bank fields. */
export const bankAccountToken = () =>
  z
    .string({ error: M.required })
    .min(1, { error: M.required })
    .max(255, { error: M.invalid })
    .regex(/^btok_[A-Za-z0-9_]+$/, { error: M.invalid });

/**
 * What the API receives to create a payout account: the payout details with the bank fields
 * already turned into a token (by Stripe.js in the browser, or by the sandbox), so bank numbers
 * never reach our server when Stripe is in use.
 */
export const payoutAccountSchema = (options: PayoutSchemaOptions) =>
  form({ ...accountHolderShape(options), bankAccountToken: bankAccountToken() })
    .superRefine(checkAccountHolder)
    .transform(withDefaultMcc);

export type PayoutAccountInput = z.output<ReturnType<typeof payoutAccountSchema>>;
export type PayoutPerson = Person;
