import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { listings } from './listings.ts';

/**
 * Uploaded images: avatars and listing photos. The files live in the image storage under
 * `key_prefix` (`<prefix><variant>.<extension>`, one extension per format); rows never hold a URL,
 * so the files can move to another store or behind a CDN without touching the data.
 *
 * Constraints drizzle cannot express are in the migration: `key_prefix` is a safe key ending in `/`
 * (the empty default only lets the column be added to existing rows), and a listing's positions are
 * unique, checked at the end of each statement so that one UPDATE can reorder them.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `avatar` or `listing`. */
    kind: text('kind').notNull(),
    /** Width and height of the upload once turned upright by its EXIF orientation. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The listing a photo belongs to; its photos go with it. */
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'cascade' }),
    /** A photo's place in its listing, from 0: the photo at 0 is the cover. */
    position: integer('position'),
    /** Where the variants are stored, e.g. `avatars/<id>/` or `listings/<listingId>/<id>/`. */
    keyPrefix: text('key_prefix').notNull().default(''),
    /** The formats every variant was written in (`webp`, `jpeg`). */
    formats: text('formats').array().notNull().default(sql`'{webp}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('images_owner_idx').on(table.ownerId),
    check('images_kind_check', sql`${table.kind} in ('avatar', 'listing')`),
    check(
      'images_listing_check',
      sql`(${table.kind} = 'listing') = (${table.listingId} is not null and ${table.position} is not null)`,
    ),
    check('images_position_check', sql`${table.position} is null or ${table.position} >= 0`),
    check(
      'images_formats_check',
      sql`cardinality(${table.formats}) > 0 and ${table.formats} <@ array['webp', 'jpeg', 'avif']::text[]`,
    ),
  ],
);
