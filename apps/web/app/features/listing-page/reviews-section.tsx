import type { ReviewPageView } from '@hora/core/reviews';
import { useT } from '../../i18n/i18n.tsx';
import { ReviewList } from '../reviews/review-list.tsx';
import { ReviewSummary } from '../reviews/review-summary.tsx';

/**
 * Reviews of the listing (spec part 1 §2): the count, the average of all of them and the newest
 * ones; "no reviews yet" while there are none; a notice when they could not be read (null).
 */
export function ReviewsSection({ reviews }: { reviews: ReviewPageView | null }) {
  const t = useT();
  const count = reviews?.meta.totalItems ?? 0;
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
        </>
      )}
    </section>
  );
}
