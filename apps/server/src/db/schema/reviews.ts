import type { ReviewState, ReviewType } from '@hora/core/reviews';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { listings } from './listings.ts';
import { transactions } from './transactions.ts';

/**
 * A party's review of the other after a delivered booking (spec part 1 §3). Written by the engine's
 * review transition in its database transaction; `pending` (its author's only) until both are in or
 * the review period ends, then `public`. One per transaction and author, whatever races.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** The transaction's listing, kept here so the listing page reads its reviews on one index. */
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id),
    type: text('type').$type<ReviewType>().notNull(),
    rating: smallint('rating').notNull(),
    content: text('content').notNull(),
    state: text('state').$type<ReviewState>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('reviews_one_per_author').on(table.transactionId, table.authorId),
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    check(
      'reviews_content_check',
      sql`char_length(${table.content}) between 1 and 5000 and ${table.content} = btrim(${table.content}, E' \\t\\r\\n')`,
    ),
    check('reviews_type_check', sql`${table.type} in ('ofProvider', 'ofCustomer')`),
    check('reviews_state_check', sql`${table.state} in ('pending', 'public')`),
    check('reviews_not_self_check', sql`${table.authorId} <> ${table.subjectId}`),
    index('reviews_listing_public_idx')
      .on(table.listingId, table.createdAt.desc())
      .where(sql`${table.state} = 'public' and ${table.type} = 'ofProvider'`),
    index('reviews_subject_public_idx')
      .on(table.subjectId, table.type, table.createdAt.desc())
      .where(sql`${table.state} = 'public'`),
  ],
);
