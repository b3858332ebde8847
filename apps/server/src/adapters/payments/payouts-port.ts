import type { PayoutCountry } from '@hora/core/config';
import type { CspSources } from '../../http/content-security.ts';

/**
 * Connected accounts that receive payouts (spec part 2 §7 payment provider calls). The sandbox
 * keeps them in the database with Stripe's semantics; the Stripe adapter calls Connect. Both
 * answer the same shapes, so nothing above the port knows which one runs.
 */
export interface ConnectedAccountRequirements {
  currently_due: string[];
  past_due: string[];
}

export interface ConnectedAccount {
  /** `acct_…` */
  id: string;
  country: PayoutCountry;
  businessType: 'individual' | 'company';
  requirements: ConnectedAccountRequirements;
  /** Last four digits of the bank account payouts go to, when one is attached. */
  bankLast4: string | null;
  capabilities: {
    card_payments: 'active' | 'inactive' | 'pending';
    transfers: 'active' | 'inactive' | 'pending';
  };
}

export interface AccountLink {
  /** Where to send the host: the provider's hosted onboarding (or the sandbox's own page). */
  url: string;
  expiresAt: Date;
}

export interface PayoutsPort {
  kind: 'sandbox' | 'stripe';
  /** Outside origins the browser needs (Stripe.js for bank tokens; none for the sandbox). */
  contentSecurity: CspSources;
  createAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount>;
  updateAccount(accountId: string, input: UpdateConnectedAccountInput): Promise<ConnectedAccount>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
  createAccountLink(input: {
    accountId: string;
    type: 'account_onboarding' | 'account_update';
    refreshUrl: string;
    returnUrl: string;
  }): Promise<AccountLink>;
}

export interface CreateConnectedAccountInput {
  /** Idempotency key: the same key never creates two accounts. */
  idempotencyKey: string;
  email: string;
  country: PayoutCountry;
  businessType: 'individual' | 'company';
  /** A bank token (`btok_…`) made from the per-country bank fields. */
  bankAccountToken: string;
  /** Personal or company details as validated by core's payout schema. */
  details: Record<string, unknown>;
  businessProfile: { mcc: string; url: string | null };
}

export interface UpdateConnectedAccountInput {
  bankAccountToken?: string;
  details?: Record<string, unknown>;
}
