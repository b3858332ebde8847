import type { AvailabilityPlan } from '@hora/core/availability';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A space a host offers (spec part 1 §3 Listing). Money is integer minor units; the negotiation
 * bounds too (the form shows whole euros). `state` follows core's LISTING_STATES.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('draft'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** `pub_category` of the search: any-of over these keys (core CATEGORIES). */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    certificate: text('certificate'),
    rules: text('rules'),
    /** How many people the space holds; null until the host says. */
    capacity: integer('capacity'),
    /** Premium promotional video (embed URL); the tab comes with subscriptions. */
    video: text('video'),
    address: text('address'),
    building: text('building'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    priceAmount: integer('price_amount'),
    priceCurrency: text('price_currency'),
    /** 'yes' | 'no' (the spec's `negociation`). */
    negotiation: text('negotiation').notNull().default('no'),
    minPriceAmount: integer('min_price_amount'),
    maxPriceAmount: integer('max_price_amount'),
    timeZone: text('time_zone').notNull().default('Europe/Madrid'),
    availabilityPlan: jsonb('availability_plan').$type<AvailabilityPlan>(),
    // Booking rules (beyond the spec; the defaults keep the spec's hourly behaviour).
    minDurationMinutes: integer('min_duration_minutes').notNull().default(60),
    maxDurationMinutes: integer('max_duration_minutes'),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    advanceNoticeMinutes: integer('advance_notice_minutes').notNull().default(0),
    bookingWindowDays: integer('booking_window_days').notNull().default(90),
    slotStepMinutes: integer('slot_step_minutes').notNull().default(60),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * Closed because its author was banned (decision 0046): opened again when they are unbanned.
     * A listing its host closed keeps false and stays closed.
     */
    closedByBan: boolean('closed_by_ban').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('listings_author_created_idx').on(table.authorId, table.createdAt),
    index('listings_state_created_idx').on(table.state, table.createdAt),
    check('listings_state_check', sql`${table.state} in ('draft', 'pendingApproval', 'published', 'closed')`),
    check('listings_negotiation_check', sql`${table.negotiation} in ('yes', 'no')`),
    check('listings_price_check', sql`${table.priceAmount} is null or ${table.priceAmount} >= 0`),
    check('listings_capacity_check', sql`${table.capacity} is null or ${table.capacity} > 0`),
    check(
      'listings_slot_step_check',
      sql`${table.slotStepMinutes} in (30, 60) and ${table.bookingWindowDays} between 1 and 90`,
    ),
  ],
);

/**
 * Dates when a listing departs from its weekly plan: seats > 0 opens the range, 0 closes it.
 * Ranges of one listing never overlap (exclusion constraint in the migration).
 */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    seats: integer('seats').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('availability_exceptions_listing_idx').on(table.listingId, table.startsAt),
    check('availability_exceptions_range_check', sql`${table.endsAt} > ${table.startsAt}`),
    check('availability_exceptions_seats_check', sql`${table.seats} >= 0`),
  ],
);
