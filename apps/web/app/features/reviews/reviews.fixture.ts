import type { ReviewPageView, ReviewView, TransactionReviewView } from '@hora/core/reviews';

export const NO_REVIEWS: ReviewPageView = {
  data: [],
  meta: { page: 1, perPage: 10, totalItems: 0, totalPages: 0, averageRating: null },
};

export function review(overrides: Partial<ReviewView> = {}): ReviewView {
  return {
    id: 'review-1',
    type: 'ofProvider',
    rating: 5,
    content: 'Genial.',
    createdAt: '2025-10-03T10:00:00.000Z',
    author: {
      id: '6f1c0f4e-2b6d-4a57-9d1e-3f2a7c9b8e01',
      displayName: 'Marta G.',
      abbreviatedName: 'MG',
      banned: false,
      deleted: false,
      avatar: null,
    },
    ...overrides,
  };
}

export function reviewPage(
  reviews: ReviewView[],
  averageRating: number | null,
  totalItems = reviews.length,
): ReviewPageView {
  return {
    data: reviews,
    meta: { page: 1, perPage: 10, totalItems, totalPages: Math.ceil(totalItems / 10), averageRating },
  };
}

export function transactionReview(overrides: Partial<TransactionReviewView> = {}): TransactionReviewView {
  return { ...review(), state: 'pending', mine: true, ...overrides };
}
