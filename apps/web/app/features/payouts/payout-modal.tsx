import type { PayoutAccountView, PayoutProviderView } from '@hora/core/payouts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/ui/form.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { payoutApi } from './payout-api.ts';
import type { LocalizedError } from './payout-form.ts';
import { PayoutStatusBox } from './payout-status-box.tsx';
import { usePreloadStripeJs } from './use-preload-stripe-js.ts';
import './payouts.css';

// The form is the heavy part (countries, people, owners): it loads when the modal first opens.
const PayoutDetailsForm = lazy(() =>
  import('./payout-details-form.tsx').then((module) => ({ default: module.PayoutDetailsForm })),
);

type Loaded = { provider: PayoutProviderView; account: PayoutAccountView | null };

/**
 * The payout modal of the listing wizard (spec part 1 §2: if publishing needs a payout account, a
 * payout modal opens and the draft id is kept). It reads the host's account; with nothing due it
 * calls `onReady` at once; otherwise it shows the form or the status box, whose hosted onboarding
 * comes back to `returnPath` (the wizard's tab, with the draft id). Needs the `payouts` texts.
 */
export function PayoutModal(props: {
  open: boolean;
  onClose: () => void;
  returnPath: string;
  onReady: () => void;
}) {
  const { t } = useI18n();
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const [error, setError] = useState<LocalizedError | undefined>();
  const { open } = props;
  // The wizard may pass a new function at each render; the account is read once per opening.
  const onReady = useRef(props.onReady);
  onReady.current = props.onReady;

  useEffect(() => {
    if (!open) return;
    let active = true;
    void Promise.all([payoutApi.provider(), payoutApi.account()]).then(([provider, account]) => {
      if (!active) return;
      if (!provider.ok || !account.ok) {
        setError(
          (provider.ok ? undefined : provider.error.form) ?? (account.ok ? undefined : account.error.form),
        );
        return;
      }
      if (account.data?.status === 'verificationSuccess') onReady.current();
      else setLoaded({ provider: provider.data, account: account.data });
    });
    return () => {
      active = false;
    };
  }, [open]);
  usePreloadStripeJs(loaded?.provider);

  if (!open) return null;
  const created = (account: PayoutAccountView) => {
    if (account.status === 'verificationSuccess') onReady.current();
    else setLoaded((current) => current && { ...current, account });
  };
  return (
    <Modal
      title={t('payouts.modal.title')}
      closeLabel={t('payouts.modal.close')}
      onClose={props.onClose}
      testId="payout-modal"
    >
      <p>{t('payouts.modal.intro')}</p>
      {error && <Alert tone="error">{t(error.key, error.values)}</Alert>}
      {!loaded && !error && <p role="status">{t('payouts.modal.loading')}</p>}
      {loaded?.account && (
        <PayoutStatusBox account={loaded.account} fetchFailed={false} returnPath={props.returnPath} />
      )}
      {loaded && !loaded.account && (
        <Suspense fallback={<p role="status">{t('payouts.modal.loading')}</p>}>
          <PayoutDetailsForm provider={loaded.provider} known={{}} onCreated={created} />
        </Suspense>
      )}
    </Modal>
  );
}
