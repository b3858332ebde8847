import type { ReviewPageView } from '@hora/core/reviews';
import { useLocation } from 'react-router';
import { Pagination, pageParamHref } from '../../components/ui/pagination.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { ReviewList } from '../reviews/review-list.tsx';
import { ReviewSummary } from '../reviews/review-summary.tsx';

/** The query parameter of the reviews' page on the listing page (`?reviews=2`). */
export const LISTING_REVIEWS_PAGE_PARAM = 'reviews';

/**
 * Reviews of the listing (spec part 1 §2): the count, the average of all of them and the newest
 * ones, older ones a page at a time (plain links, so they work before the JavaScript arrives);
 * "no reviews yet" while there are none; a notice when they could not be read (null).
 */
export function ReviewsSection({ reviews }: { reviews: ReviewPageView | null }) {
  const t = useT();
  const location = useLocation();
  const count = reviews?.meta.totalItems ?? 0;
  const hrefFor = (page: number) =>
    pageParamHref(location, LISTING_REVIEWS_PAGE_PARAM, page, 'reviews-title');
  return (
    <section className="listing-section" aria-labelledby="reviews-title" data-testid="reviews">
      <h2 id="reviews-title" className="listing-section__title">
        {t('listing.reviews.title', { count })}
      </h2>
      {reviews === null ? (
        <p className="listing-section__empty" role="alert">
          {t('reviews.errors.loadFailed')}
        </p>
      ) : count === 0 ? (
        <p className="listing-section__empty">{t('listing.reviews.empty')}</p>
      ) : (
        <>
          <ReviewSummary meta={reviews.meta} />
          <ReviewList reviews={reviews.data} />
          <Pagination
            page={reviews.meta.page}
            totalPages={reviews.meta.totalPages}
            hrefFor={hrefFor}
            labels={{
              nav: t('reviews.pagination.listing'),
              previous: t('reviews.pagination.previous'),
              next: t('reviews.pagination.next'),
              page: (page) => t('reviews.pagination.page', { page }),
            }}
          />
        </>
      )}
    </section>
  );
}
