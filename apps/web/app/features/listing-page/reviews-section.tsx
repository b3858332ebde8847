import { useI18n } from '../../i18n/i18n.tsx';

/** A published review of the listing's host, as the reviews of a later issue will provide them. */
export interface ListingReview {
  id: string;
  rating: number;
  content: string;
  createdAt: string;
  authorName: string;
}

const MONTH_YEAR: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone: 'UTC' };

/**
 * Reviews of the listing (spec part 1 §2): a heading with their count and the list, or a plain
 * "no reviews yet" while there are none (reviews come with completed bookings).
 */
export function ReviewsSection({ reviews }: { reviews: readonly ListingReview[] }) {
  const { t, locale } = useI18n();
  return (
    <section className="listing-section" aria-labelledby="reviews-title" data-testid="reviews">
      <h2 id="reviews-title" className="listing-section__title">
        {t('listing.reviews.title', { count: reviews.length })}
      </h2>
      {reviews.length === 0 ? (
        <p className="listing-section__empty">{t('listing.reviews.empty')}</p>
      ) : (
        <ul className="reviews">
          {reviews.map((review) => (
            <li key={review.id} className="review">
              <p className="review__rating">{t('listing.reviews.rating', { rating: review.rating })}</p>
              <p className="review__content">{review.content}</p>
              <p className="review__byline">
                {t('listing.reviews.byline', {
                  name: review.authorName,
                  date: new Intl.DateTimeFormat(locale, MONTH_YEAR).format(new Date(review.createdAt)),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
