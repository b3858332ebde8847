import { z } from 'zod';
import { isPayoutCountry, type PayoutCountry } from '../config/countries.ts';
import { MAX_RETURN_PATH_LENGTH } from '../routing/safe-return-path.ts';
import { type BankAccountFields, bankAccountIssues } from './bank-accounts.ts';
import { MESSAGES as M } from './messages.ts';
import { bankAccountFieldsSchema, bankAccountToken, payoutAccountSchema } from './payout.ts';
import { form } from './shared.ts';

/**
 * Request bodies of the payouts API (spec part 2 §7, payout account calls). Built once, so the
 * minimum age of birth dates is checked by the server with its clock, not here.
 */
export const payoutAccountBodySchema = payoutAccountSchema({});

/** Changing the bank account of an existing payout account (spec: update with a bank token). */
export const payoutAccountUpdateBodySchema = form({ bankAccountToken: bankAccountToken() });

/** The sandbox's bank-token call: the per-country bank fields, checked as the form checks them. */
export const bankAccountTokenBodySchema = form({
  country: z.string({ error: M.required }).refine(isPayoutCountry, { error: M.payoutCountryUnsupported }),
  bankAccount: bankAccountFieldsSchema,
}).superRefine((values, ctx) => {
  if (!isPayoutCountry(values.country)) return;
  const issues = bankAccountIssues(values.country as PayoutCountry, values.bankAccount as BankAccountFields);
  for (const { field, message } of issues) {
    ctx.addIssue({ code: 'custom', message, path: ['bankAccount', field] });
  }
});

/** Account link types (spec: verification links and update links), in the provider's words. */
export const PAYOUT_ACCOUNT_LINK_TYPES = ['account_onboarding', 'account_update'] as const;
export type PayoutAccountLinkType = (typeof PAYOUT_ACCOUNT_LINK_TYPES)[number];

/**
 * Asking for a link to the provider's hosted onboarding. `returnPath` is the page the host came
 * from (account settings, or the listing wizard with its draft id); the server makes it safe.
 */
export const payoutAccountLinkBodySchema = form({
  type: z.enum(PAYOUT_ACCOUNT_LINK_TYPES, { error: M.invalid }),
  returnPath: z.string({ error: M.required }).max(MAX_RETURN_PATH_LENGTH, { error: M.invalid }),
});
