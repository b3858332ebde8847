import type { ReviewType } from '@hora/core/reviews';
import { and, asc, desc, eq, gt, inArray, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedFor } from '../../db/prepared.ts';
import { reviews, transactions, users } from '../../db/schema/index.ts';
import type { PartyRow } from '../transactions/views.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewInsert = typeof reviews.$inferInsert;

/** A review with its author's row (names, avatar key, banned and deleted flags). */
export interface ReviewWithAuthor {
  review: ReviewRow;
  author: PartyRow;
}

export interface ReviewPage {
  rows: ReviewWithAuthor[];
  total: number;
  ratingSum: number;
}

const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  banned: users.banned,
  deletedAt: users.deletedAt,
};

/**
 * The page's rows with the count and rating sum of every review the filter matches, in one
 * statement: two uncorrelated subqueries (run once each, on the same partial index) beside the
 * page read in the index's order, so neither a window over all matches nor a sort is needed.
 */
function pageColumns(filter: SQL) {
  return {
    review: reviews,
    author: authorColumns,
    total: sql<number>`(select count(*) from ${reviews} where ${filter})`.mapWith(Number),
    ratingSum:
      sql<number>`(select coalesce(sum(${reviews.rating}), 0) from ${reviews} where ${filter})`.mapWith(
        Number,
      ),
  };
}

const listingFilter = (listingId: string | Placeholder) =>
  and(eq(reviews.listingId, listingId), eq(reviews.state, 'public'), eq(reviews.type, 'ofProvider')) as SQL;

/**
 * The listing page's read (every view of a listing): its public reviews of the host, newest first,
 * with their count and rating sum, in one statement on `reviews_listing_public_idx`.
 */
const listingPage = preparedFor((db) =>
  db
    .select(pageColumns(listingFilter(sql.placeholder('listingId'))))
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .where(listingFilter(sql.placeholder('listingId')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('reviews_listing_page'),
);

export function reviewRepository(db: Executor) {
  async function page(where: SQL, pageNumber: number, perPage: number): Promise<ReviewPage> {
    const rows = await db
      .select(pageColumns(where))
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(perPage)
      .offset((pageNumber - 1) * perPage);
    return pageOf(rows, where, pageNumber);
  }

  /**
   * Past the last page no row carries the totals: they are read on their own then. An empty first
   * page means there are none.
   */
  async function pageOf(
    rows: { review: ReviewRow; author: PartyRow; total: number; ratingSum: number }[],
    where: SQL,
    pageNumber: number,
  ): Promise<ReviewPage> {
    const first = rows[0];
    if (!first && pageNumber === 1) return { rows: [], total: 0, ratingSum: 0 };
    if (first) {
      return {
        rows: rows.map(({ review, author }) => ({ review, author })),
        total: first.total,
        ratingSum: first.ratingSum,
      };
    }
    const [totals] = await db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        ratingSum: sql<number>`coalesce(sum(${reviews.rating}), 0)`.mapWith(Number),
      })
      .from(reviews)
      .where(where);
    return { rows: [], total: totals?.total ?? 0, ratingSum: totals?.ratingSum ?? 0 };
  }

  return {
    insert(row: ReviewInsert) {
      return db.insert(reviews).values(row);
    },

    /** Whether this author has written their review of the transaction (pending or public). */
    async hasReviewed(transactionId: string, authorId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.transactionId, transactionId), eq(reviews.authorId, authorId)));
      return row !== undefined;
    },

    /** Both reviews are in or the period is over: what was written becomes public. */
    async publishTransaction(transactionId: string): Promise<number> {
      const published = await db
        .update(reviews)
        .set({ state: 'public' })
        .where(and(eq(reviews.transactionId, transactionId), eq(reviews.state, 'pending')))
        .returning({ id: reviews.id });
      return published.length;
    },

    /**
     * The reviews of a transaction one of its parties may see: their own (pending or public) and
     * the other's once public. Oldest first.
     */
    async visibleInTransaction(transactionId: string, viewerId: string): Promise<ReviewWithAuthor[]> {
      return db
        .select({ review: reviews, author: authorColumns })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.authorId))
        .where(
          and(
            eq(reviews.transactionId, transactionId),
            or(eq(reviews.authorId, viewerId), eq(reviews.state, 'public')),
          ),
        )
        .orderBy(asc(reviews.createdAt));
    },

    async listingPage(listingId: string, pageNumber: number, perPage: number): Promise<ReviewPage> {
      const rows = await listingPage(db).execute({
        listingId,
        limit: perPage,
        offset: (pageNumber - 1) * perPage,
      });
      return pageOf(rows, listingFilter(listingId), pageNumber);
    },

    subjectPage(
      subjectId: string,
      type: ReviewType,
      pageNumber: number,
      perPage: number,
    ): Promise<ReviewPage> {
      return page(
        and(eq(reviews.subjectId, subjectId), eq(reviews.type, type), eq(reviews.state, 'public')) as SQL,
        pageNumber,
        perPage,
      );
    },

    /**
     * Transactions whose review period (the state's expiry timer, `next_timer_at`) closes in
     * (from, to], in a state where someone may still review: delivered or reviewed by one side.
     */
    awaitingReview(from: Date, to: Date, limit: number) {
      return db
        .select({
          id: transactions.id,
          customerId: transactions.customerId,
          providerId: transactions.providerId,
          state: transactions.state,
          nextTimerAt: transactions.nextTimerAt,
        })
        .from(transactions)
        .where(
          and(
            inArray(transactions.state, ['delivered', 'reviewed-by-customer', 'reviewed-by-provider']),
            gt(transactions.nextTimerAt, from),
            lte(transactions.nextTimerAt, to),
          ),
        )
        .orderBy(asc(transactions.nextTimerAt))
        .limit(limit);
    },
  };
}

export type ReviewRepository = ReturnType<typeof reviewRepository>;
