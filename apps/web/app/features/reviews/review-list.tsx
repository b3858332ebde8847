import type { ReviewAuthorView, ReviewView } from '@hora/core/reviews';
import { pathByRouteName } from '@hora/core/search';
import { userDisplay } from '@hora/core/user';
import { Link } from '../../components/ui/link.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { ReviewStars } from './review-stars.tsx';

const MONTH_YEAR: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone: 'UTC' };

/** The author's avatar and name; banned and deleted authors are placeholders with no picture and no link. */
function ReviewAuthor({ author }: { author: ReviewAuthorView }) {
  const { t } = useI18n();
  const display = userDisplay(author);
  const name =
    display.kind === 'active'
      ? display.name
      : t(display.kind === 'banned' ? 'reviews.author.banned' : 'reviews.author.deleted');
  const avatar =
    display.kind === 'active' && author.avatar ? (
      <img
        className="avatar avatar--small"
        src={author.avatar['square-small']}
        srcSet={`${author.avatar['square-small']} 1x, ${author.avatar['square-small2x']} 2x`}
        width={40}
        height={40}
        alt=""
        loading="lazy"
      />
    ) : (
      <span className="avatar avatar--small avatar--initials" aria-hidden="true">
        {display.kind === 'active' ? author.abbreviatedName : '?'}
      </span>
    );
  return (
    <div className="review__author">
      {avatar}
      {display.linkToProfile ? (
        <Link className="review__name" to={pathByRouteName('ProfilePage', { id: author.id })}>
          {name}
        </Link>
      ) : (
        <span className="review__name review__name--gone">{name}</span>
      )}
    </div>
  );
}

export function ReviewItem({ review, note }: { review: ReviewView; note?: string }) {
  const { locale } = useI18n();
  return (
    <li className="review" data-testid="review">
      <ReviewAuthor author={review.author} />
      <div className="review__body">
        <p className="review__meta">
          <ReviewStars rating={review.rating} />
          <span className="review__date">
            {new Intl.DateTimeFormat(locale, MONTH_YEAR).format(new Date(review.createdAt))}
          </span>
          {note ? <span className="review__note">{note}</span> : null}
        </p>
        <p className="review__content">{review.content}</p>
      </div>
    </li>
  );
}

/** Reviews, newest first, as the listing and profile pages show them. */
export function ReviewList({ reviews }: { reviews: readonly ReviewView[] }) {
  return (
    <ul className="reviews">
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </ul>
  );
}

/** A paged list of reviews' page from the address (`?<param>=2`): a positive whole number, else the first. */
export function reviewPageFrom(url: URL, param: string): number {
  const page = Number(url.searchParams.get(param));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}
