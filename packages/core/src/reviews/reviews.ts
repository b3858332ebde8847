import type { ProcessState, Role } from '../process/booking-process.ts';

/**
 * Reviews (spec part 1 §3): after a delivered booking each party reviews the other once. A review
 * is `pending` (seen by its author only) until both are in or the review period ends, then `public`.
 */
export const REVIEW_TYPES = ['ofProvider', 'ofCustomer'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

export const REVIEW_STATES = ['pending', 'public'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The customer reviews the provider, the provider the customer. */
export function reviewTypeBy(role: Role): ReviewType {
  return role === 'customer' ? 'ofProvider' : 'ofCustomer';
}

/** A review's author as others see them: empty names and no avatar for banned and deleted people. */
export interface ReviewAuthorView {
  id: string;
  displayName: string;
  abbreviatedName: string;
  banned: boolean;
  deleted: boolean;
  avatar: { 'square-small': string; 'square-small2x': string } | null;
}

export interface ReviewView {
  id: string;
  type: ReviewType;
  rating: number;
  content: string;
  createdAt: string;
  author: ReviewAuthorView;
}

/** A review on its transaction's page: the viewer's own (pending until published) or the other's, once public. */
export interface TransactionReviewView extends ReviewView {
  state: ReviewState;
  mine: boolean;
}

/** A page of public reviews, with the count and average rating of all of them. */
export interface ReviewPageView {
  data: ReviewView[];
  meta: {
    page: number;
    perPage: number;
    totalItems: number;
    totalPages: number;
    /** Mean rating of every public review of the query, to one decimal; null when there are none. */
    averageRating: number | null;
  };
}

/** Where a party stands with their review of a transaction, from its state (the process table). */
export type ReviewStatus = 'not-yet' | 'can-review' | 'reviewed' | 'closed';

const REVIEWED_BY: Partial<Record<ProcessState, Role>> = {
  'reviewed-by-customer': 'customer',
  'reviewed-by-provider': 'provider',
};

/**
 * `can-review` while the party's review transition is open (delivered, or the other reviewed
 * first); `reviewed` once they did (known for sure from `reviewed-by-*`; after `reviewed` the
 * caller knows from the reviews); `closed` when the period is over; `not-yet` before delivery.
 */
export function reviewStatus(state: ProcessState, role: Role, ownReviewWritten: boolean): ReviewStatus {
  if (ownReviewWritten || REVIEWED_BY[state] === role) return 'reviewed';
  if (state === 'delivered' || (REVIEWED_BY[state] !== undefined && REVIEWED_BY[state] !== role)) {
    return 'can-review';
  }
  return state === 'reviewed' ? 'closed' : 'not-yet';
}

/** The mean of the ratings to one decimal (4.25 → 4.3), null for none. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

/** The order's or sale's page with the review form open (its own route, so it works without JavaScript). */
export function reviewPagePath(role: Role, transactionId: string): string {
  return `/${role === 'customer' ? 'order' : 'sale'}/${encodeURIComponent(transactionId)}/review`;
}
