import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

/*
 * The charges half of the sandbox (issue 11): customers, cards, payment intents with manual
 * capture, refunds, transfers and setup intents, as Stripe keeps them. A card keeps only what
 * Stripe exposes of it (brand, last four digits, expiry), never its number or CVC; how the test
 * card behaves at confirmation is decided from its number when it is created and kept hidden in
 * `behaviour`.
 */

/** Customers (`cus_…`), each with at most one default card. */
export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  defaultPaymentMethodId: text('default_payment_method_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export interface SandboxBillingDetails {
  name: string | null;
  postalCode: string | null;
  country: string | null;
}

/** Cards (`pm_…`): unattached when made in the browser, attached to one customer at most. */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').references(() => sandboxCustomers.id, { onDelete: 'set null' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    billingDetails: jsonb('billing_details').$type<SandboxBillingDetails>().notNull(),
    /**
     * The test card's behaviour at confirmation: 'succeed', 'authenticate', or a failure
     * 'card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'live_card'.
     */
    behaviour: text('behaviour').notNull(),
    /**
     * When it was used once without being kept on a customer, or detached from one: Stripe refuses
     * such a card from then on.
     */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sandbox_payment_methods_customer_idx').on(table.customerId)],
);

export interface SandboxLastError {
  code: string;
  declineCode: string | null;
  message: string;
}

/** Payment intents (`pi_…`), always with manual capture. */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  status: text('status').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  applicationFeeAmount: integer('application_fee_amount').notNull(),
  transferDestination: text('transfer_destination').notNull(),
  customerId: text('customer_id'),
  paymentMethodId: text('payment_method_id'),
  /** 'off_session' when the card is kept on the customer once it succeeds. */
  setupFutureUsage: text('setup_future_usage'),
  amountCapturable: integer('amount_capturable').notNull().default(0),
  amountReceived: integer('amount_received').notNull().default(0),
  amountRefunded: integer('amount_refunded').notNull().default(0),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  lastError: jsonb('last_error').$type<SandboxLastError>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Refunds (`re_…`) of captured payment intents. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .references(() => sandboxPaymentIntents.id),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Transfers (`tr_…`) to connected accounts. */
export const sandboxTransfers = pgTable('sandbox_transfers', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  destination: text('destination').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Setup intents (`seti_…`): a card confirmed for later use on a customer. */
export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  customerId: text('customer_id').notNull(),
  status: text('status').notNull(),
  paymentMethodId: text('payment_method_id'),
  lastError: jsonb('last_error').$type<SandboxLastError>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Idempotency keys of the charges calls: the first request's parameters (as a fingerprint) and its
 * answer, a result or a refusal, which the same key with the same parameters gets again.
 */
export const sandboxIdempotencyKeys = pgTable('sandbox_idempotency_keys', {
  key: text('key').primaryKey(),
  operation: text('operation').notNull(),
  fingerprint: text('fingerprint').notNull(),
  response: jsonb('response').$type<SandboxIdempotentResponse>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type SandboxIdempotentResponse =
  | { ok: true; value: unknown }
  | {
      ok: false;
      kind: string;
      message: string;
      code: string | null;
      param: string | null;
      declineCode?: string | null;
    };
