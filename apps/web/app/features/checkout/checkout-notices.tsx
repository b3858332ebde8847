import { Alert } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { CheckoutError } from './checkout-errors.ts';

/** Errors after which the customer can only go back to the listing (another time, another day). */
const BACK_TO_LISTING: readonly CheckoutError[] = [
  'bookingTimeNotAvailable',
  'listingNotActive',
  'speculateFailed',
  'paymentRequestFailed',
  'providerPayoutMissing',
  'amountTooLow',
  'ownListing',
  'tooManyUnpaid',
  'missingPublishableKey',
];

/** One of the checkout's messages (spec part 2 §8.2), with the way back to the listing when there is one. */
export function CheckoutNotice(props: { error: CheckoutError; listingPath?: string }) {
  const t = useT();
  return (
    <Alert tone="error">
      <span data-testid="checkout-error" data-error={props.error}>
        {t(`checkout.errors.${props.error}`)}
      </span>
      {props.listingPath && BACK_TO_LISTING.includes(props.error) && (
        <>
          {' '}
          <Link to={props.listingPath}>{t('checkout.backToListing')}</Link>
        </>
      )}
    </Alert>
  );
}

/** The 15 minutes passed before the payment was completed: nothing more to do here. */
export function PaymentExpired({ listingPath }: { listingPath: string }) {
  const t = useT();
  return (
    <div className="checkout-expired" data-testid="payment-expired">
      <h2>{t('checkout.expired.title')}</h2>
      <p>{t('checkout.errors.paymentExpired')}</p>
      <Link to={listingPath} className="button button--primary">
        {t('checkout.backToListing')}
      </Link>
    </div>
  );
}
