import type { BookingRules, ListingState, Negotiation } from '@hora/core/listing';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedFor } from '../../db/prepared.ts';
import { listings, users } from '../../db/schema/index.ts';
import { type ListingImageRow, listingCoverColumn } from '../images/index.ts';
import type {
  ListingAuthor,
  ListingCardRecord,
  ListingChanges,
  ListingRecord,
  ListingWithAuthor,
} from './record.ts';

type ListingRow = typeof listings.$inferSelect;

function toRecord(row: ListingRow): ListingRecord {
  return {
    id: row.id,
    authorId: row.authorId,
    state: row.state as ListingState,
    title: row.title,
    description: row.description,
    categories: row.categories,
    certificate: row.certificate,
    rules: row.rules,
    capacity: row.capacity,
    address: row.address,
    building: row.building,
    latitude: row.latitude,
    longitude: row.longitude,
    priceAmount: row.priceAmount,
    priceCurrency: row.priceCurrency,
    negotiation: row.negotiation as Negotiation,
    minPriceAmount: row.minPriceAmount,
    maxPriceAmount: row.maxPriceAmount,
    timeZone: row.timeZone,
    availabilityPlan: row.availabilityPlan,
    bookingRules: {
      minDurationMinutes: row.minDurationMinutes,
      maxDurationMinutes: row.maxDurationMinutes,
      bufferBeforeMinutes: row.bufferBeforeMinutes,
      bufferAfterMinutes: row.bufferAfterMinutes,
      advanceNoticeMinutes: row.advanceNoticeMinutes,
      bookingWindowDays: row.bookingWindowDays,
      slotStepMinutes: row.slotStepMinutes === 30 ? 30 : 60,
    },
    publishedAt: row.publishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Record changes → columns (the booking rules are spread over their own columns). */
function toColumns(changes: ListingChanges): Partial<typeof listings.$inferInsert> {
  const { bookingRules, ...rest } = changes;
  return { ...rest, ...(bookingRules ? ruleColumns(bookingRules) : {}) };
}

function ruleColumns(rules: BookingRules) {
  return {
    minDurationMinutes: rules.minDurationMinutes,
    maxDurationMinutes: rules.maxDurationMinutes,
    bufferBeforeMinutes: rules.bufferBeforeMinutes,
    bufferAfterMinutes: rules.bufferAfterMinutes,
    advanceNoticeMinutes: rules.advanceNoticeMinutes,
    bookingWindowDays: rules.bookingWindowDays,
    slotStepMinutes: rules.slotStepMinutes,
  };
}

const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  banned: users.banned,
  deleted: sql<boolean>`${users.deletedAt} is not null`,
};

/**
 * A listing with its author as a select's columns, for a repository that reads them along with its
 * own rows in one statement (the booking request's read, decision 0052); `listingWithAuthorOf` maps
 * the row.
 */
export const listingWithAuthorColumns = { listing: listings, author: authorColumns };

/** Every public listing page reads this (twice: the listing, then its time slots). */
const listingWithAuthor = preparedFor((db) =>
  db
    .select(listingWithAuthorColumns)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.authorId))
    .where(eq(listings.id, sql.placeholder('id')))
    .prepare('listing_with_author'),
);

export const listingWithAuthorOf = (row: {
  listing: ListingRow;
  author: ListingAuthor;
}): ListingWithAuthor => ({
  listing: toRecord(row.listing),
  author: row.author,
});

/** The columns a card shows (`ListingCardRecord`). */
const cardColumns = {
  id: listings.id,
  title: listings.title,
  priceAmount: listings.priceAmount,
  priceCurrency: listings.priceCurrency,
  negotiation: listings.negotiation,
  minPriceAmount: listings.minPriceAmount,
  maxPriceAmount: listings.maxPriceAmount,
  certificate: listings.certificate,
  categories: listings.categories,
  capacity: listings.capacity,
  latitude: listings.latitude,
  longitude: listings.longitude,
  createdAt: listings.createdAt,
};

/** Cards' rows with each one's cover photo, in one statement (search, favourites, a host's listings). */
const cardsWithCovers = preparedFor((db) =>
  db
    .select({ ...cardColumns, cover: listingCoverColumn() })
    .from(listings)
    .where(sql`${listings.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('listing_cards_with_covers'),
);

type CardRow = Omit<ListingCardRecord, 'negotiation'> & { negotiation: string };

const cardRecord = (row: CardRow): ListingCardRecord => ({
  ...row,
  negotiation: row.negotiation as Negotiation,
});

/**
 * The only place the listings module touches the database. Takes the pool's database or a
 * transaction, so a use case can lock a listing and write through other repositories at once.
 */
export function listingRepository(db: Executor) {
  return {
    async createDraft(input: {
      authorId: string;
      title: string;
      description: string;
    }): Promise<ListingRecord> {
      const [row] = await db
        .insert(listings)
        .values({ ...input, state: 'draft' })
        .returning();
      return toRecord(row as ListingRow);
    },

    async findWithAuthor(id: string): Promise<ListingWithAuthor | undefined> {
      const [row] = await listingWithAuthor(db).execute({ id });
      return row && listingWithAuthorOf(row);
    },

    /** These listings, in no particular order (the caller orders them); unknown ids are left out. */
    async findByIds(ids: readonly string[]): Promise<ListingRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(listings)
        .where(inArray(listings.id, [...ids]));
      return rows.map(toRecord);
    },

    /**
     * What cards show of these listings, with each one's cover photo row (null without photos), in
     * no particular order; unknown ids are left out.
     */
    async cardsByIds(
      ids: readonly string[],
    ): Promise<(ListingCardRecord & { cover: ListingImageRow | null })[]> {
      if (ids.length === 0) return [];
      return (await cardsWithCovers(db).execute({ ids: [...ids] })).map((row) => ({
        ...cardRecord(row),
        cover: row.cover,
      }));
    },

    /** The listing, locked until the transaction ends: state changes and exception counts serialise on it. */
    async lock(id: string): Promise<ListingRecord | undefined> {
      const [row] = await db.select().from(listings).where(eq(listings.id, id)).for('update');
      return row && toRecord(row);
    },

    async update(id: string, changes: ListingChanges): Promise<void> {
      await db
        .update(listings)
        .set({ ...toColumns(changes), updatedAt: sql`now()` })
        .where(eq(listings.id, id));
    },

    /** Moves a listing from one state to another; false when it was no longer in `from`. */
    async changeState(
      id: string,
      from: ListingState,
      to: ListingState,
      publishedAt?: Date,
    ): Promise<boolean> {
      const changed = await db
        .update(listings)
        .set({ state: to, updatedAt: sql`now()`, ...(publishedAt ? { publishedAt } : {}) })
        .where(and(eq(listings.id, id), eq(listings.state, from)))
        .returning({ id: listings.id });
      return changed.length > 0;
    },

    /** One page of an author's listings, newest first, with the total for the pagination. */
    async ownPage(
      authorId: string,
      { page, perPage }: { page: number; perPage: number },
    ): Promise<{ items: ListingWithAuthor[]; total: number }> {
      const rows = await db
        .select({ listing: listings, author: authorColumns })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.authorId))
        .where(eq(listings.authorId, authorId))
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [total] = await db
        .select({ value: count() })
        .from(listings)
        .where(eq(listings.authorId, authorId));
      return { items: rows.map(listingWithAuthorOf), total: total?.value ?? 0 };
    },

    /** The state of the author's newest listing (core's `hasListings` reads it), null without any. */
    async newestOwnState(authorId: string): Promise<ListingState | null> {
      const [row] = await db
        .select({ state: listings.state })
        .from(listings)
        .where(eq(listings.authorId, authorId))
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(1);
      return (row?.state as ListingState | undefined) ?? null;
    },

    /** Listings waiting for an operator, oldest first. */
    async pendingApproval(): Promise<ListingWithAuthor[]> {
      const rows = await db
        .select({ listing: listings, author: authorColumns })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.authorId))
        .where(eq(listings.state, 'pendingApproval'))
        .orderBy(asc(listings.updatedAt), asc(listings.id));
      return rows.map(listingWithAuthorOf);
    },
  };
}

export type ListingRepository = ReturnType<typeof listingRepository>;
