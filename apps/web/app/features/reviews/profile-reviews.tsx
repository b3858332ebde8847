import type { ReviewPageView } from '@hora/core/reviews';
import { useT } from '../../i18n/i18n.tsx';
import { ReviewList } from './review-list.tsx';
import { ReviewSummary } from './review-summary.tsx';

export interface ProfileReviewsData {
  /** Reviews of the person as a host, written by renters (ofProvider). */
  asHost: ReviewPageView | null;
  /** Reviews of the person as a renter, written by hosts (ofCustomer). */
  asRenter: ReviewPageView | null;
}

function ReviewsOfOneKind(props: {
  id: string;
  title: string;
  empty: string;
  reviews: ReviewPageView | null;
}) {
  const t = useT();
  const { reviews } = props;
  return (
    <section className="profile-reviews__section" aria-labelledby={props.id} data-testid={props.id}>
      <h2 id={props.id} className="account-section__title">
        {props.title}
      </h2>
      {reviews === null ? (
        <p role="alert">{t('reviews.errors.loadFailed')}</p>
      ) : reviews.meta.totalItems === 0 ? (
        <p className="profile-reviews__empty">{props.empty}</p>
      ) : (
        <>
          <ReviewSummary meta={reviews.meta} />
          <ReviewList reviews={reviews.data} />
        </>
      )}
    </section>
  );
}

/**
 * A person's public reviews on their profile (spec part 1 §2): from renters about them as a host,
 * and from hosts about them as a renter, each with its count and average.
 */
export function ProfileReviews({ reviews }: { reviews: ProfileReviewsData }) {
  const t = useT();
  return (
    <div className="profile-reviews">
      <ReviewsOfOneKind
        id="reviews-as-host"
        title={t('reviews.profile.asHost', { count: reviews.asHost?.meta.totalItems ?? 0 })}
        empty={t('reviews.profile.emptyAsHost')}
        reviews={reviews.asHost}
      />
      <ReviewsOfOneKind
        id="reviews-as-renter"
        title={t('reviews.profile.asRenter', { count: reviews.asRenter?.meta.totalItems ?? 0 })}
        empty={t('reviews.profile.emptyAsRenter')}
        reviews={reviews.asRenter}
      />
    </div>
  );
}
