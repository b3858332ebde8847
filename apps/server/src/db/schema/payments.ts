import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A person as a customer of the payment provider (spec part 1 §3 stripeCustomer): where their
 * saved card lives. One per person and provider; the card itself stays with the provider.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'sandbox' | 'stripe': a customer of one provider means nothing to the other. */
    provider: text('provider').notNull(),
    /** `cus_…` */
    customerId: text('customer_id').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.provider] }),
    check('payment_customers_provider_check', sql`${table.provider} in ('sandbox', 'stripe')`),
  ],
);

/**
 * Provider events already handled (webhooks, and the sandbox's in-process events), by their
 * unique id: a replayed or retried event finds its row and has no second effect.
 */
export const paymentEvents = pgTable('payment_events', {
  /** `evt_…` */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  objectId: text('object_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
