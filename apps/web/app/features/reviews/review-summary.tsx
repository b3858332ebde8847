import type { ReviewPageView } from '@hora/core/reviews';
import { useI18n } from '../../i18n/i18n.tsx';
import { ReviewStars } from './review-stars.tsx';

/** "★★★★☆ 4.3 · 12 reviews": the average of every public review and their count. */
export function ReviewSummary({ meta }: { meta: ReviewPageView['meta'] }) {
  const { t, locale } = useI18n();
  if (meta.averageRating === null) return null;
  const average = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(meta.averageRating);
  return (
    <p className="review-summary" data-testid="review-summary">
      <ReviewStars rating={meta.averageRating} size="large" />
      <span className="review-summary__text">
        {t('reviews.summary', { average, count: meta.totalItems })}
      </span>
    </p>
  );
}
