import { desc } from 'drizzle-orm';
import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { listings } from './listings.ts';

/**
 * The listings a person keeps as favourites (issue 10). One row a pair; it goes with either side.
 * The listing's state is not copied here: which favourites show is decided when they are read.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.listingId] }),
    // A person's favourites newest first (the page, and the count against the limit).
    index('favourites_user_created_idx').on(table.userId, desc(table.createdAt), desc(table.listingId)),
    // The cascade from a deleted listing finds its rows without a scan.
    index('favourites_listing_idx').on(table.listingId),
  ],
);
