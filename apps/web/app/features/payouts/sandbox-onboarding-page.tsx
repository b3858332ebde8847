import { Form, useNavigation } from 'react-router';
import { useI18n } from '../../i18n/i18n.tsx';
import './payouts.css';

export interface SandboxLink {
  id: string;
  type: 'account_onboarding' | 'account_update';
  country: string;
  businessType: 'individual' | 'company';
  currentlyDue: string[];
}

export const SANDBOX_INTENT = 'outcome';

/**
 * The sandbox's stand-in for Stripe's hosted onboarding: it says plainly that it is a test page,
 * lists what the provider would still collect, and ends the step with success (identity verified)
 * or failure. Rendered on the server, and its buttons work without JavaScript.
 */
export function SandboxOnboardingPage({ link }: { link: SandboxLink }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <main className="sandbox-onboarding">
      <p className="sandbox-onboarding__badge" role="note">
        {t('payouts.sandbox.badge')}
      </p>
      <h1 className="account-page__title">{t(`payouts.sandbox.title.${link.type}`)}</h1>
      <p>{t('payouts.sandbox.intro')}</p>
      {link.currentlyDue.length > 0 ? (
        <>
          <h2 className="account-section__title">{t('payouts.sandbox.dueTitle')}</h2>
          <ul className="sandbox-onboarding__due">
            {link.currentlyDue.map((requirement) => (
              <li key={requirement}>
                <code>{requirement}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('payouts.sandbox.nothingDue')}</p>
      )}
      <Form method="post" className="sandbox-onboarding__actions">
        <button
          type="submit"
          name={SANDBOX_INTENT}
          value="complete"
          className="button button--primary"
          disabled={busy}
        >
          {t('payouts.sandbox.complete')}
        </button>
        <button
          type="submit"
          name={SANDBOX_INTENT}
          value="fail"
          className="button button--secondary"
          disabled={busy}
        >
          {t('payouts.sandbox.fail')}
        </button>
      </Form>
    </main>
  );
}
