import type { ReviewPageView, ReviewType, TransactionReviewView } from '@hora/core/reviews';
import type { ApiResult, WebContext } from '../../context.ts';

type Api = WebContext['api'];

/**
 * A listing's public reviews with their count and average, or null when they could not be read
 * (the page then says so: spec part 2 §8.2 "reviews failed") — the listing itself still shows.
 */
export async function fetchListingReviews(
  api: Api,
  listingId: string,
  perPage: number,
  page = 1,
): Promise<ReviewPageView | null> {
  const query = new URLSearchParams({ listingId, perPage: String(perPage), page: String(page) });
  const result = await api<ReviewPageView>(`/api/reviews?${query}`);
  return result.status === 200 ? result.data : null;
}

/** A person's public reviews of one kind (as a host: ofProvider; as a renter: ofCustomer). */
export async function fetchUserReviews(
  api: Api,
  subjectId: string,
  type: ReviewType,
  page = 1,
): Promise<ReviewPageView | null> {
  const query = new URLSearchParams({ subjectId, type, page: String(page) });
  const result = await api<ReviewPageView>(`/api/reviews?${query}`);
  return result.status === 200 ? result.data : null;
}

/** The reviews of a transaction its viewer may see: their own (pending or public), the other's once public. */
export async function fetchTransactionReviews(
  api: Api,
  transactionId: string,
): Promise<TransactionReviewView[]> {
  const result = await api<{ data: TransactionReviewView[] }>(
    `/api/transactions/${encodeURIComponent(transactionId)}/reviews`,
  );
  return result.status === 200 ? result.data.data : [];
}

export function postReview(
  api: Api,
  transactionId: string,
  body: { rating: unknown; content: unknown },
): Promise<ApiResult<{ review?: TransactionReviewView; errors?: { code?: string }[] }>> {
  return api(`/api/transactions/${encodeURIComponent(transactionId)}/reviews`, { method: 'POST', body });
}
