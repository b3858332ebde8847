import type { TransactionReviewView } from '@hora/core/reviews';
import type { TransactionView } from '@hora/core/transactions';
import { useNavigate } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { transactionPagePath } from '../transactions/transaction-paths.ts';
import { ReviewForm, type ReviewFormResult } from './review-form.tsx';
import { useOtherPartyName } from './review-panel.tsx';
import { reviewPanelView } from './review-status.ts';

/**
 * The review modal (spec part 1 §2): the form while the viewer may review; otherwise why not
 * ("already sent" once theirs is in, "no longer possible" after the period). Closing goes back to
 * the order or sale page.
 */
export function ReviewModal(props: {
  transaction: TransactionView;
  reviews: readonly TransactionReviewView[];
  result: ReviewFormResult | undefined;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { transaction } = props;
  const back = transactionPagePath(transaction.role, transaction.id);
  const name = useOtherPartyName(transaction);
  const { status } = reviewPanelView(transaction, props.reviews);
  const notice =
    status === 'can-review'
      ? null
      : (props.result?.errors.form ??
        (status === 'reviewed' ? 'reviews.errors.alreadySent' : 'reviews.errors.closed'));
  return (
    <Modal
      title={t('reviews.modal.title', { name })}
      closeLabel={t('reviews.modal.close')}
      onClose={() => navigate(back, { preventScrollReset: true })}
      testId="review-modal"
    >
      {notice ? (
        <div className="review-form">
          <p className="alert alert--error" role="alert" data-testid="review-form-error">
            {t(notice)}
          </p>
          <Link to={back} className="button button--secondary">
            {t('reviews.modal.close')}
          </Link>
        </div>
      ) : (
        <ReviewForm result={props.result} cancelTo={back} />
      )}
    </Modal>
  );
}
