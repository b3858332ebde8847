import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in payments sandbox's own tables: what Stripe would keep on its side, with Stripe's
 * ids (`acct_…`, `btok_…`) and semantics, so the rest of the app cannot tell the two apart. Nothing
 * outside `adapters/payments/sandbox/` reads them.
 */

/** Bank-account tokens (`btok_…`): single-use, made from validated per-country bank fields. */
export const sandboxBankTokens = pgTable('sandbox_bank_tokens', {
  id: text('id').primaryKey(),
  country: text('country').notNull(),
  currency: text('currency').notNull(),
  /** Only the last four digits and the routing code are kept, never the whole account number. */
  last4: text('last4').notNull(),
  routingNumber: text('routing_number'),
  accountHolderName: text('account_holder_name'),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export interface SandboxExternalAccount {
  /** `ba_…` */
  id: string;
  country: string;
  currency: string;
  last4: string;
  routingNumber: string | null;
}

/** Connected accounts (`acct_…`) with the details they were given and their verification state. */
export const sandboxConnectedAccounts = pgTable('sandbox_connected_accounts', {
  id: text('id').primaryKey(),
  /** The creation request's idempotency key, with a fingerprint of its parameters. */
  idempotencyKey: text('idempotency_key').unique(),
  requestFingerprint: text('request_fingerprint'),
  country: text('country').notNull(),
  businessType: text('business_type').notNull(),
  email: text('email').notNull(),
  individual: jsonb('individual').$type<Record<string, unknown>>(),
  company: jsonb('company').$type<Record<string, unknown>>(),
  businessProfile: jsonb('business_profile').$type<{ mcc: string; url: string | null }>().notNull(),
  tosAcceptance: jsonb('tos_acceptance').$type<{ date: string; ip: string }>(),
  externalAccount: jsonb('external_account').$type<SandboxExternalAccount>(),
  /** Identity verification: 'unverified' until the hosted step, then 'verified' or 'failed'. */
  verification: text('verification').notNull().default('unverified'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Account links: single-use, short-lived entries to the sandbox's hosted onboarding page. */
export const sandboxAccountLinks = pgTable(
  'sandbox_account_links',
  {
    /** Unguessable: the link is the key to the onboarding page, as Stripe's are. */
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxConnectedAccounts.id, { onDelete: 'cascade' }),
    /** 'account_onboarding' | 'account_update' */
    type: text('type').notNull(),
    refreshUrl: text('refresh_url').notNull(),
    returnUrl: text('return_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** 'completed' | 'failed', once used. */
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sandbox_account_links_account_idx').on(table.accountId)],
);
