import { sql } from 'drizzle-orm';
import {
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';

/** PostgreSQL's `tstzmultirange` (14+), read and written as its text form. */
const tstzMultirange = customType<{ data: string; driverData: string }>({
  dataType: () => 'tstzmultirange',
});

/** PostgreSQL's `bytea`, read and written as a `Buffer`. */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

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
  (table) => [index('listing_free_time_zone_idx').on(table.timeZone)],
);

/**
 * A coarse summary of each listing's free time, one narrow row beside `listing_free_time` (decision
 * 0035): per local day, the longest stretch inside it and the longest that meets it. It decides
 * most listings of a date search without reading the exact free time: a day fully inside the
 * listing's bookable window whose longest stretch is long enough is a match, days whose stretches
 * are all too short are not; only the rest are checked exactly. With copies of the listing's point
 * and rules, a date search in a map box counts its matches from this table and its point index
 * alone. Written with the free time, in the same transactions.
 */
export const listingFreeDays = pgTable('listing_free_days', {
  listingId: uuid('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  /**
   * The zone as an integer, PostgreSQL's hash of its name (decision 0067): it leads the point index,
   * so a date search's count compares an integer per entry. No two zone names PostgreSQL knows share
   * one (`search-zone-key.test.ts`), and the search checks the zones it reads.
   */
  zoneKey: integer('zone_key').generatedAlwaysAs(sql`hashtext(time_zone)`),
  /** The number (days from 1970-01-01) of the local day each summary's first byte is about. */
  firstDay: integer('first_day'),
  /**
   * One byte per local day from `firstDay` on, in half hours (decision 0054): the longest free
   * stretch inside the day, aligned to the step grid. Null when not summarised yet (rows from before
   * the summary, until the daily refresh): checked exactly.
   */
  dayLongest: bytes('day_longest'),
  /**
   * Per local day: where that longest stretch starts, in half hours from the day's midnight, so a
   * search with hours can place it; 255 on days of a daylight-saving change (not 24 hours long).
   */
  dayLongestStart: bytes('day_longest_start'),
  /** Per local day: the longest free stretch that meets the day, whole, in half hours (254: at least). */
  dayReach: bytes('day_reach'),
  /**
   * Per local day: where its free time ends (the latest end of a stretch meeting the day, cut at the
   * day's end), in half hours elapsed since the day's start, rounded up (decision 0058): with now +
   * notice, a search rules out a listing whose time left on the asked day is too short.
   */
  dayLastEnd: bytes('day_last_end'),
  /**
   * The first `SOON_DAYS` (16) bytes of each of the four above, kept by PostgreSQL (decision 0061):
   * what a date search in the next two weeks reads, from the point index alone. Its entries are a
   * quarter of the width they would be with the whole summaries.
   */
  soonLongest: bytes('soon_longest').generatedAlwaysAs(sql`substring(day_longest from 1 for 16)`),
  soonLongestStart: bytes('soon_longest_start').generatedAlwaysAs(
    sql`substring(day_longest_start from 1 for 16)`,
  ),
  soonReach: bytes('soon_reach').generatedAlwaysAs(sql`substring(day_reach from 1 for 16)`),
  soonLastEnd: bytes('soon_last_end').generatedAlwaysAs(sql`substring(day_last_end from 1 for 16)`),
  /** Copies of the listing's point and booking rules when its free time was computed. */
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  minDurationMinutes: integer('min_duration_minutes').notNull(),
  advanceNoticeMinutes: integer('advance_notice_minutes').notNull(),
  bookingWindowDays: integer('booking_window_days').notNull(),
  slotStepMinutes: integer('slot_step_minutes').notNull(),
});
