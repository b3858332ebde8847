import { PROCESS_TIMING } from '@hora/core/config';
import type { TransactionReviewView } from '@hora/core/reviews';
import { type ReviewStatus, reviewPagePath, reviewStatus } from '@hora/core/reviews';
import type { TransactionView } from '@hora/core/transactions';

export interface ReviewPanelView {
  status: ReviewStatus;
  /** When the review period closes: the booking's end plus the period (null without a booking). */
  deadline: Date | null;
  /** The review form's page, while the viewer may review. */
  formPath: string | null;
  mine: TransactionReviewView | null;
  theirs: TransactionReviewView | null;
}

/** What the order or sale page says about reviews, from the process state and the reviews the viewer sees. */
export function reviewPanelView(
  transaction: TransactionView,
  reviews: readonly TransactionReviewView[],
): ReviewPanelView {
  const mine = reviews.find((review) => review.mine) ?? null;
  const theirs = reviews.find((review) => !review.mine) ?? null;
  const status = reviewStatus(transaction.state, transaction.role, mine !== null);
  const end = transaction.booking ? Date.parse(transaction.booking.end) : null;
  return {
    status,
    deadline: end === null ? null : new Date(end + PROCESS_TIMING.reviewPeriodMs),
    formPath: status === 'can-review' ? reviewPagePath(transaction.role, transaction.id) : null,
    mine,
    theirs,
  };
}
