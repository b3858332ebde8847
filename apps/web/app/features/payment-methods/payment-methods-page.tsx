import { useActionData, useLocation, useNavigation } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';
import { CardForm } from './card-form.tsx';
import { CONFIRM_REMOVE, isMissingKey, type PaymentMethodsPageData } from './payment-methods-api.ts';
import { SavedCardView } from './saved-card.tsx';

/**
 * PaymentMethodsPage (spec part 1 §2): the saved card with its expired notice and remove
 * confirmation, and the form that adds a card or replaces the saved one.
 */
export function PaymentMethodsPage(props: { data: PaymentMethodsPageData; defaultName: string }) {
  const t = useT();
  const { data } = props;
  const location = useLocation();
  const navigation = useNavigation();
  const removal = useActionData() as { error: string } | undefined;
  const confirming = new URLSearchParams(location.search).get(CONFIRM_REMOVE.param) === CONFIRM_REMOVE.value;
  const removing = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'remove';
  return (
    <div className="payment-methods">
      <h1 className="payment-methods__title">{t('paymentMethods.page.heading')}</h1>
      {removal?.error ? (
        <p className="alert alert--error" role="alert">
          {t(removal.error)}
        </p>
      ) : null}
      {data.loadFailed ? (
        <p className="alert alert--error" role="alert">
          {t('paymentMethods.errors.generic')}
        </p>
      ) : null}
      {data.card ? (
        <SavedCardView card={data.card} confirming={confirming} removing={removing} />
      ) : data.loadFailed ? null : (
        <p className="payment-methods__empty">{t('paymentMethods.saved.none')}</p>
      )}
      {isMissingKey(data.provider) ? (
        <p className="alert alert--info" role="note">
          {t('paymentMethods.errors.missingKey')}
        </p>
      ) : data.loadFailed ? null : (
        <CardForm provider={data.provider} hadCard={data.card !== null} defaultName={props.defaultName} />
      )}
    </div>
  );
}
