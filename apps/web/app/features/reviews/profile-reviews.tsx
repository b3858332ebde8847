import type { ReviewPageView } from '@hora/core/reviews';
import { useLocation } from 'react-router';
import { Pagination, pageParamHref } from '../../components/ui/pagination.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { ReviewList, reviewPageFrom } from './review-list.tsx';
import { ReviewSummary } from './review-summary.tsx';

/** The query parameters of each list's page (`?hostReviews=2`), so both page on their own. */
export const PROFILE_REVIEW_PAGES = { asHost: 'hostReviews', asRenter: 'renterReviews' } as const;

/** A list's page from the address: a positive whole number, else the first. */
export function profileReviewPage(url: URL, list: keyof typeof PROFILE_REVIEW_PAGES): number {
  return reviewPageFrom(url, PROFILE_REVIEW_PAGES[list]);
}

export interface ProfileReviewsData {
  /** Reviews of the person as a host, written by renters (ofProvider). */
  asHost: ReviewPageView | null;
  /** Reviews of the person as a renter, written by hosts (ofCustomer). */
  asRenter: ReviewPageView | null;
}

function ReviewsOfOneKind(props: {
  id: string;
  list: keyof typeof PROFILE_REVIEW_PAGES;
  title: string;
  empty: string;
  reviews: ReviewPageView | null;
}) {
  const t = useT();
  const location = useLocation();
  const { reviews } = props;
  const hrefFor = (page: number) => pageParamHref(location, PROFILE_REVIEW_PAGES[props.list], page, props.id);
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
          <Pagination
            page={reviews.meta.page}
            totalPages={reviews.meta.totalPages}
            hrefFor={hrefFor}
            labels={{
              nav: t(`reviews.pagination.${props.list}`),
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
        list="asHost"
        title={t('reviews.profile.asHost', { count: reviews.asHost?.meta.totalItems ?? 0 })}
        empty={t('reviews.profile.emptyAsHost')}
        reviews={reviews.asHost}
      />
      <ReviewsOfOneKind
        id="reviews-as-renter"
        list="asRenter"
        title={t('reviews.profile.asRenter', { count: reviews.asRenter?.meta.totalItems ?? 0 })}
        empty={t('reviews.profile.emptyAsRenter')}
        reviews={reviews.asRenter}
      />
    </div>
  );
}
