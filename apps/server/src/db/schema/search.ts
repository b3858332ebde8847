import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';

/** PostgreSQL's `tstzmultirange` (14+), read and written as its text form. */
const tstzMultirange = customType<{ data: string; driverData: string }>({
  dataType: () => 'tstzmultirange',
});

/**
 * The free time of each published listing with a plan, as core's `bookableSlots` computes it with
 * the advance notice set aside, over a little more than its booking window: what the search's
 * date filter intersects with the asked days and hours. Kept current in the transaction of every
 * change that feeds it (plan, rules, exceptions, state; bookings through `refreshFreeTime`) and
 * daily as the window moves. The listing's other search columns (the text vector, the point) are
 * hand-written in the migration: drizzle cannot express them.
 */
export const listingFreeTime = pgTable(
  'listing_free_time',
  {
    listingId: uuid('listing_id')
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The listing's zone when computed: days and hours of a search are read in it. */
    timeZone: text('time_zone').notNull(),
    free: tstzMultirange('free').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('listing_free_time_zone_idx').on(table.timeZone),
    index('listing_free_time_free_idx').using('gist', table.free),
  ],
);
