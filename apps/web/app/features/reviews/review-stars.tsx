import { useT } from '../../i18n/i18n.tsx';

/** A rating as five stars, read out as "4 stars out of 5". */
export function ReviewStars({ rating, size = 'small' }: { rating: number; size?: 'small' | 'large' }) {
  const t = useT();
  const rounded = Math.round(rating);
  return (
    <span
      className={`review-stars review-stars--${size}`}
      role="img"
      aria-label={t('reviews.stars', { rating })}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <span
          key={star}
          aria-hidden="true"
          className={star <= rounded ? 'review-star review-star--on' : 'review-star'}
        >
          ★
        </span>
      ))}
    </span>
  );
}
