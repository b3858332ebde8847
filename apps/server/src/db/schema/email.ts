import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Every email the app sends, written in the same transaction as the change that caused it and
 * delivered afterwards by the dispatcher (SMTP when configured). Without SMTP the rows stay here,
 * readable on the development mailbox.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Template name, e.g. `verify-email`; also what rate limits count. */
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** pending → sent | failed; `kept` when no SMTP server is configured. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set for emails that must go once whatever retries: a job that writes one again finds it here
     * (transaction notifications: `transaction:<id>:<transition>:<recipient>`).
     */
    dedupeKey: text('dedupe_key'),
  },
  (table) => [
    uniqueIndex('email_outbox_dedupe_key_unique').on(table.dedupeKey),
    index('email_outbox_pending_idx').on(table.status, table.nextAttemptAt),
    index('email_outbox_user_template_idx').on(table.userId, table.template, table.createdAt),
  ],
);
