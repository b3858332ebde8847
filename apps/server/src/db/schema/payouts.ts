import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A host's payout account (spec part 1 §3 stripeAccount): which account of the payment provider
 * receives their payouts, one per person. The requirements and the bank's last four digits are a
 * cache of the provider's answer, refreshed whenever the account is read from the provider.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'sandbox' | 'stripe': an account of one provider means nothing to the other. */
    provider: text('provider').notNull(),
    /** `acct_…` */
    providerAccountId: text('provider_account_id').notNull().unique(),
    country: text('country').notNull(),
    /** 'individual' | 'company' */
    businessType: text('business_type').notNull(),
    currentlyDue: text('currently_due').array().notNull().default(sql`'{}'::text[]`),
    pastDue: text('past_due').array().notNull().default(sql`'{}'::text[]`),
    bankLast4: text('bank_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the cached requirements were last read from the provider. */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('payout_accounts_provider_check', sql`${table.provider} in ('sandbox', 'stripe')`),
    check('payout_accounts_business_type_check', sql`${table.businessType} in ('individual', 'company')`),
  ],
);
