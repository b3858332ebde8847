import { randomUUID } from 'node:crypto';
import { AppError, isInvalidTransitionError } from '@hora/core/errors';
import {
  type Role,
  reviewRetryTransition,
  reviewTransitionFor,
  type TransitionName,
} from '@hora/core/process';
import {
  averageRating,
  type ReviewPageView,
  type ReviewType,
  type ReviewView,
  reviewTypeBy,
  type TransactionReviewView,
} from '@hora/core/reviews';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { Executor } from '../../db/executor.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ImageUrls } from '../account/views.ts';
import type { TransactionEngine } from '../transactions/engine.ts';
import {
  pgErrorCode,
  type StoredTransaction,
  transactionRepository,
  UNIQUE_VIOLATION,
} from '../transactions/repository.ts';
import { partyView } from '../transactions/views.ts';
import { type ReviewPage, type ReviewWithAuthor, reviewRepository } from './repository.ts';

export interface ReviewsServiceDeps {
  db: Database;
  clock: Clock;
  engine: TransactionEngine;
  imageUrls: ImageUrls;
}

export interface ReviewInput {
  rating: number;
  content: string;
}

export type ReviewsQuery =
  | { listingId: string; page: number; perPage: number }
  | { subjectId: string; type: ReviewType; page: number; perPage: number };

function notFound(): AppError {
  return new AppError('not-found', { title: 'Transaction not found' });
}

function alreadyReviewed(role: Role, transactionId: string): AppError {
  return new AppError(
    role === 'customer'
      ? 'transaction-already-reviewed-by-customer'
      : 'transaction-already-reviewed-by-provider',
    { meta: { transactionId } },
  );
}

/**
 * Reviews (issue 12): a party's review of the other after delivery, written by the review
 * transition in the engine's database transaction; the public lists of a listing and of a person.
 */
export function reviewsService(deps: ReviewsServiceDeps) {
  const { db, clock, engine, imageUrls } = deps;
  const reviews = reviewRepository(db);
  const transactions = transactionRepository(db);

  function view({ review, author }: ReviewWithAuthor): ReviewView {
    return {
      id: review.id,
      type: review.type,
      rating: review.rating,
      content: review.content,
      createdAt: review.createdAt.toISOString(),
      author: partyView(author, author.id, imageUrls),
    };
  }

  function pageView(page: ReviewPage, pageNumber: number, perPage: number): ReviewPageView {
    return {
      data: page.rows.map(view),
      meta: {
        page: pageNumber,
        perPage,
        totalItems: page.total,
        totalPages: Math.ceil(page.total / perPage),
        averageRating: averageRating(page.ratingSum, page.total),
      },
    };
  }

  function roleOf(viewer: Viewer, stored: StoredTransaction | undefined): Role {
    const row = stored?.transaction;
    if (row?.customerId === viewer.id) return 'customer';
    if (row?.providerId === viewer.id) return 'provider';
    throw notFound();
  }

  return {
    /**
     * The viewer reviews the other party. The transition comes from the state (review-1 when
     * nobody has reviewed, review-2 when the other has); when the other party's review commits
     * between our read and our write, review-1 fails as invalid and review-2 is tried (spec part 1
     * §4). A second review by the same party is 409 `transaction-already-reviewed-by-<role>`,
     * whichever way it races: the unique (transaction, author) has the last word.
     */
    async write(viewer: Viewer, transactionId: string, input: ReviewInput): Promise<TransactionReviewView> {
      const stored = await transactions.find(transactionId);
      const role = roleOf(viewer, stored);
      const row = (stored as StoredTransaction).transaction;
      if (await reviews.hasReviewed(transactionId, viewer.id)) throw alreadyReviewed(role, transactionId);
      const first = reviewTransitionFor(row.state, role);
      if (!first) {
        throw new AppError('transaction-invalid-transition', {
          meta: { transactionId, state: row.state, actor: role, reason: 'review-not-open' },
        });
      }
      const id = randomUUID();
      const createdAt = clock.now();
      const record = async (tx: Executor) => {
        await reviewRepository(tx).insert({
          id,
          transactionId,
          listingId: row.listingId,
          authorId: viewer.id,
          subjectId: role === 'customer' ? row.providerId : row.customerId,
          type: reviewTypeBy(role),
          rating: input.rating,
          content: input.content,
          state: 'pending',
          createdAt,
        });
      };
      const attempt = (transition: TransitionName) =>
        engine.decide({ transactionId, transition, actor: role, within: record });
      try {
        try {
          await attempt(first);
        } catch (error) {
          const retry = reviewRetryTransition(first, error);
          if (!retry) throw error;
          await attempt(retry);
        }
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw alreadyReviewed(role, transactionId);
        if (isInvalidTransitionError(error) && (await reviews.hasReviewed(transactionId, viewer.id))) {
          throw alreadyReviewed(role, transactionId);
        }
        throw error;
      }
      const mine = (await reviews.visibleInTransaction(transactionId, viewer.id)).find(
        (r) => r.review.id === id,
      );
      if (!mine) throw new Error(`Review ${id} was not recorded`);
      return { ...view(mine), state: mine.review.state, mine: true };
    },

    /** A transaction's reviews as one of its parties may see them (others: 404). */
    async ofTransaction(viewer: Viewer, transactionId: string): Promise<TransactionReviewView[]> {
      roleOf(viewer, await transactions.find(transactionId));
      const rows = await reviews.visibleInTransaction(transactionId, viewer.id);
      return rows.map((row) => ({
        ...view(row),
        state: row.review.state,
        mine: row.review.authorId === viewer.id,
      }));
    },

    /** Public reviews only: a listing's (its customers' of the host) or a person's of one type. */
    async page(query: ReviewsQuery): Promise<ReviewPageView> {
      const page =
        'listingId' in query
          ? await reviews.listingPage(query.listingId, query.page, query.perPage)
          : await reviews.subjectPage(query.subjectId, query.type, query.page, query.perPage);
      return pageView(page, query.page, query.perPage);
    },
  };
}

export type ReviewsService = ReturnType<typeof reviewsService>;
