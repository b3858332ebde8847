import type { PayoutAccountView, PayoutProviderView } from '@hora/core/payouts';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/form.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { BankAccountForm } from './bank-account-form.tsx';
import { PayoutDetailsForm } from './payout-details-form.tsx';
import type { PersonValues } from './payout-form.ts';
import { PayoutStatusBox } from './payout-status-box.tsx';
import { usePreloadStripeJs } from './use-preload-stripe-js.ts';
import './payouts.css';

/** What the payout pages' loaders read from the API. */
export interface PayoutPageData {
  account: PayoutAccountView | null;
  provider: PayoutProviderView;
  /** The account could not be read (the provider did not answer): the status box says so. */
  fetchFailed: boolean;
}

export const PAYOUT_SETTINGS_PATH = '/account/payments';

/**
 * The payout details page (spec part 1 §2, StripePayoutPage): without an account, the not-connected
 * notice and the connected-account form; with one, the status box and a form for a new bank
 * account. Back from the hosted onboarding (`returned`), a host who left before the end is told so.
 */
export function StripePayoutPage(props: {
  data: PayoutPageData;
  known: Partial<PersonValues>;
  returned?: 'success';
}) {
  const { t } = useI18n();
  const { provider, fetchFailed } = props.data;
  const [account, setAccount] = useState(props.data.account);
  useEffect(() => setAccount(props.data.account), [props.data.account]);
  usePreloadStripeJs(provider);
  const returnedEarly = props.returned === 'success' && account?.status === 'verificationNeeded';

  return (
    <section className="account-panel payout-page" aria-labelledby="payout-page-title">
      <h1 id="payout-page-title" className="account-page__title">
        {t('payouts.page.title')}
      </h1>
      {returnedEarly && <Alert tone="info">{t('payouts.page.returnedEarly')}</Alert>}
      {!account && !fetchFailed && (
        <div className="payout-page__notice" data-testid="payout-not-connected">
          <h2 className="account-section__title">{t('payouts.page.notConnected.title')}</h2>
          <p>{t('payouts.page.notConnected.text')}</p>
        </div>
      )}
      <PayoutStatusBox account={account} fetchFailed={fetchFailed} returnPath={PAYOUT_SETTINGS_PATH} />
      {!account && !fetchFailed && (
        <PayoutDetailsForm provider={provider} known={props.known} onCreated={setAccount} />
      )}
      {account && <BankAccountForm provider={provider} account={account} onUpdated={setAccount} />}
    </section>
  );
}
