import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Named data sets (the demo marketplace) applied once to this database, so they are never re-applied. */
export const seedHistory = pgTable('seed_history', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
