import { Form, useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { brandName, CardBrandIcon } from './card-brand-icon.tsx';
import { CONFIRM_REMOVE, REMOVE_FIELDS, type SavedCard } from './payment-methods-api.ts';

/** The saved default card: brand, last four digits, expiry, the expired notice, and remove. */
export function SavedCardView(props: { card: SavedCard; confirming: boolean; removing: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { card } = props;
  const month = String(card.expMonth).padStart(2, '0');
  const closeConfirmation = () => navigate(location.pathname, { replace: true, preventScrollReset: true });
  return (
    <section className="saved-card" aria-labelledby="saved-card-title">
      <h2 id="saved-card-title" className="saved-card__title">
        {t('paymentMethods.saved.title')}
      </h2>
      <div className={card.expired ? 'saved-card__card saved-card__card--expired' : 'saved-card__card'}>
        <CardBrandIcon brand={card.brand} />
        <div className="saved-card__details">
          <p className="saved-card__number">
            {t('paymentMethods.saved.number', {
              brand: t(`paymentMethods.brand.${brandName(card.brand)}`),
              last4: card.last4,
            })}
          </p>
          <p className="saved-card__expiry">
            {t(card.expired ? 'paymentMethods.saved.expired' : 'paymentMethods.saved.expires', {
              expiry: `${month}/${card.expYear}`,
            })}
          </p>
        </div>
        <Link
          className="button button--secondary saved-card__remove"
          to={`?${CONFIRM_REMOVE.param}=${CONFIRM_REMOVE.value}`}
          preventScrollReset
        >
          {t('paymentMethods.remove.button')}
        </Link>
      </div>
      {card.expired ? (
        <p className="alert alert--info" role="note">
          {t('paymentMethods.saved.expiredNotice')}
        </p>
      ) : null}
      {props.confirming ? (
        <Modal
          title={t('paymentMethods.remove.title')}
          closeLabel={t('paymentMethods.remove.cancel')}
          onClose={closeConfirmation}
        >
          <p>{t('paymentMethods.remove.text', { last4: card.last4 })}</p>
          <Form method="post" replace className="saved-card__confirm">
            <input type="hidden" name={REMOVE_FIELDS.intent} value="remove" />
            <Link className="button button--secondary" to={location.pathname} replace preventScrollReset>
              {t('paymentMethods.remove.cancel')}
            </Link>
            <button type="submit" className="button button--primary" disabled={props.removing}>
              {t(props.removing ? 'paymentMethods.remove.removing' : 'paymentMethods.remove.confirm')}
            </button>
          </Form>
        </Modal>
      ) : null}
    </section>
  );
}
