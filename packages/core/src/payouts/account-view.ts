import { z } from 'zod';
import { PAYOUT_COUNTRIES } from '../config/countries.ts';

const capabilityStatus = z.enum(['active', 'inactive', 'pending']);

/**
 * The host's payout account as the API shows it to its owner (spec part 1 §3 stripeAccount):
 * the provider's account id, its country and type, what the provider still needs
 * (`currently_due`, `past_due`, in the provider's field names) and the bank account's last four
 * digits. `status` is core's `payoutStatus` of it, so the web shows what the publish gate decides.
 */
export const payoutAccountViewSchema = z.object({
  /** `acct_…` (the spec's stripeAccountId). */
  id: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  country: z.enum(PAYOUT_COUNTRIES),
  accountType: z.enum(['individual', 'company']),
  requirements: z.object({ currently_due: z.array(z.string()), past_due: z.array(z.string()) }),
  bankLast4: z.string().nullable(),
  capabilities: z.object({ card_payments: capabilityStatus, transfers: capabilityStatus }),
  status: z.enum(['verificationNeeded', 'verificationSuccess']),
});
export type PayoutAccountView = z.infer<typeof payoutAccountViewSchema>;

/**
 * Which payment provider runs, and what the browser needs of it: Stripe.js makes bank tokens with
 * the publishable key; the sandbox makes them through the API.
 */
export const payoutProviderViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox') }),
  z.object({ kind: z.literal('stripe'), publishableKey: z.string() }),
]);
export type PayoutProviderView = z.infer<typeof payoutProviderViewSchema>;
