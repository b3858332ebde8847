import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Every text message the app writes (the host's "new order" SMS). With Twilio configured a row is
 * sent and marked; without it the row is kept here, readable on the development mailbox. The
 * dedupe key makes a retried job find its message instead of writing a second one.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `transaction:<id>:<transition>:<recipient>` */
    dedupeKey: text('dedupe_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** E.164, as the account keeps it. */
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    /** pending → sent | failed; `kept` when no SMS provider is configured. */
    status: text('status').notNull().default('pending'),
    /** The provider's message id (Twilio's `SM…`). */
    providerId: text('provider_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sms_outbox_dedupe_key_unique').on(table.dedupeKey),
    index('sms_outbox_created_at_idx').on(table.createdAt),
  ],
);
