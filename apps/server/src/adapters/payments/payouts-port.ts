import type { PayoutCountry } from '@hora/core/config';
import type { PayoutAccountInput, PayoutPerson } from '@hora/core/validation';

/**
 * Connected accounts that receive payouts: the payout half of the payments port (spec part 2 §7,
 * payout account calls). The sandbox keeps them in the database with Stripe's semantics; the
 * Stripe adapter calls Connect. Both answer the same shapes and fail with the same
 * `PaymentProviderError`, so nothing above the port knows which one runs.
 */
export interface ConnectedAccountRequirements {
  currently_due: string[];
  past_due: string[];
}

export type CapabilityStatus = 'active' | 'inactive' | 'pending';

export interface ConnectedAccount {
  /** `acct_…` */
  id: string;
  country: PayoutCountry;
  businessType: 'individual' | 'company';
  requirements: ConnectedAccountRequirements;
  /** Last four digits of the bank account payouts go to, when one is attached. */
  bankLast4: string | null;
  capabilities: { card_payments: CapabilityStatus; transfers: CapabilityStatus };
}

export interface AccountLink {
  /** Where to send the host: the provider's hosted onboarding (or the sandbox's own page). */
  url: string;
  expiresAt: Date;
}

export type AccountLinkType = 'account_onboarding' | 'account_update';

export type PayoutCompany = NonNullable<PayoutAccountInput['company']>;

export interface CreateConnectedAccountInput {
  /** Idempotency key: the same key never creates two accounts. */
  idempotencyKey: string;
  email: string;
  country: PayoutCountry;
  businessType: 'individual' | 'company';
  /** A single-use bank token (`btok_…`) made from the per-country bank fields. */
  bankAccountToken: string;
  /** The person (individual accounts) or the company with its representative and owners. */
  individual?: PayoutPerson | undefined;
  company?: PayoutCompany | undefined;
  businessProfile: { mcc: string; url: string };
  /** The host accepted the provider's terms through our form: when, and from which address. */
  tosAcceptance: { date: Date; ip: string };
}

export interface UpdateConnectedAccountInput {
  /** A new bank account replaces the one payouts go to. */
  bankAccountToken: string;
}

export interface PayoutsPort {
  kind: 'sandbox' | 'stripe';
  createAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount>;
  updateAccount(accountId: string, input: UpdateConnectedAccountInput): Promise<ConnectedAccount>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
  /** A single-use link to the hosted onboarding that collects what is currently due. */
  createAccountLink(input: {
    accountId: string;
    type: AccountLinkType;
    /** Where the provider sends the host when the link is expired, used or the step failed. */
    refreshUrl: string;
    /** Where the provider sends the host when they leave the hosted step (done or not). */
    returnUrl: string;
  }): Promise<AccountLink>;
}
