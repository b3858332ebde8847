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
 * Provider events (webhooks, and the sandbox's in-process events) by their unique id: a replayed
 * or retried event finds its row and has no second effect. A row is claimed while its handler runs
 * (no transaction is held meanwhile) and marked handled after; a failed handler's claim is removed,
 * and a claim left by a process that died is taken over once `claimedAt` is older than the lease.
 */
export const paymentEvents = pgTable('payment_events', {
  /** `evt_…` */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  objectId: text('object_id').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
});
