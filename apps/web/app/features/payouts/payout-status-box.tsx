import type { PayoutAccountView } from '@hora/core/payouts';
import { Alert } from '../../components/ui/form.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAccountLink } from './use-account-link.ts';

export type PayoutBoxStatus = 'verificationNeeded' | 'verificationSuccess' | 'verificationError';

export function boxStatusOf(account: PayoutAccountView | null, fetchFailed: boolean): PayoutBoxStatus | null {
  if (fetchFailed) return 'verificationError';
  return account ? account.status : null;
}

/**
 * The payout status box (spec part 1 §4): verification needed with "Get verified", verified with
 * "Edit account", or an error when the account could not be read. Both buttons go to the
 * provider's hosted steps with a fresh link.
 */
export function PayoutStatusBox(props: {
  account: PayoutAccountView | null;
  fetchFailed: boolean;
  returnPath: string;
}) {
  const { t } = useI18n();
  const link = useAccountLink(props.returnPath);
  const status = boxStatusOf(props.account, props.fetchFailed);
  if (!status) return null;
  const tone =
    status === 'verificationSuccess' ? 'success' : status === 'verificationError' ? 'error' : 'info';
  return (
    <section
      className={`payout-status payout-status--${tone}`}
      aria-labelledby="payout-status-title"
      data-testid="payout-status"
    >
      <h2 id="payout-status-title" className="payout-status__title">
        {t(`payouts.status.${status}.title`)}
      </h2>
      <p>{t(`payouts.status.${status}.text`)}</p>
      {props.account?.bankLast4 && <p>{t('payouts.status.bankLast4', { last4: props.account.bankLast4 })}</p>}
      {status !== 'verificationError' && (
        <button
          type="button"
          className="button button--primary"
          disabled={link.busy}
          onClick={() =>
            void link.go(status === 'verificationNeeded' ? 'account_onboarding' : 'account_update')
          }
        >
          {link.busy
            ? t('payouts.status.redirecting')
            : t(
                status === 'verificationNeeded' ? 'payouts.status.getVerified' : 'payouts.status.editAccount',
              )}
        </button>
      )}
      {link.error && <Alert tone="error">{t(link.error.key, link.error.values)}</Alert>}
    </section>
  );
}
