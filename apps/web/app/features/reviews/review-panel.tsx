import type { TransactionReviewView } from '@hora/core/reviews';
import type { TransactionView } from '@hora/core/transactions';
import { userDisplay } from '@hora/core/user';
import { Link } from '../../components/ui/link.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { ReviewItem } from './review-list.tsx';
import { reviewPanelView } from './review-status.ts';

/** The other party's name as the panel writes it (placeholders for banned and deleted people). */
export function useOtherPartyName(transaction: TransactionView): string {
  const { t } = useI18n();
  const party = transaction.role === 'customer' ? transaction.provider : transaction.customer;
  const display = userDisplay(party);
  if (display.kind === 'active') return display.name;
  return t(display.kind === 'banned' ? 'reviews.author.banned' : 'reviews.author.deleted');
}

/**
 * The order or sale page's reviews once the booking is delivered (spec part 1 §2 "review button"):
 * the "leave a review" link to the review form while the viewer may review, then their review
 * (marked as seen by them only until published) and the other party's once public.
 */
export function ReviewPanel(props: {
  transaction: TransactionView;
  reviews: readonly TransactionReviewView[];
}) {
  const { t, locale } = useI18n();
  const view = reviewPanelView(props.transaction, props.reviews);
  const name = useOtherPartyName(props.transaction);
  if (view.status === 'not-yet') return null;
  const deadline = view.deadline
    ? new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        timeZone: props.transaction.listing.timeZone,
      }).format(view.deadline)
    : '';
  const status =
    view.status === 'can-review'
      ? t('reviews.panel.canReview', { name, deadline })
      : view.status === 'reviewed' && view.mine?.state === 'pending'
        ? t('reviews.panel.waiting', { name, deadline })
        : view.status === 'reviewed'
          ? t('reviews.panel.published')
          : t('reviews.panel.closed');
  const shown = [view.mine, view.theirs].filter((review): review is TransactionReviewView => review !== null);
  return (
    <section className="review-panel" aria-labelledby="review-panel-title" data-testid="review-panel">
      <h2 id="review-panel-title" className="review-panel__title">
        {t('reviews.panel.title')}
      </h2>
      <p className="review-panel__status">{status}</p>
      {view.formPath ? (
        <Link
          to={view.formPath}
          className="button button--primary review-panel__button"
          data-testid="review-button"
        >
          {t('reviews.panel.reviewButton')}
        </Link>
      ) : null}
      {shown.length > 0 ? (
        <ul className="reviews">
          {shown.map((review) => (
            <ReviewItem
              key={review.id}
              review={review}
              note={
                review.mine
                  ? review.state === 'pending'
                    ? `${t('reviews.panel.yours')} · ${t('reviews.panel.pending')}`
                    : t('reviews.panel.yours')
                  : undefined
              }
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
