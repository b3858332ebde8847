import type { SessionUser } from '@hora/core/session';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { LogoutButton } from '../shell/account-menu.tsx';
import { verificationView } from './email-verification.ts';
import { ResendVerification } from './resend-verification.tsx';

/** Spec part 1 §2 email verification: prompt, error, or success with the person's first name. */
export function VerifyEmailPage({
  user,
  linkFailed,
  otherAccount = false,
}: {
  user: SessionUser;
  linkFailed: boolean;
  /** The link was another account's: log out, then open it again. */
  otherAccount?: boolean;
}) {
  const t = useT();
  const view = verificationView(user, linkFailed);
  if (otherAccount) {
    return (
      <main className="auth-page">
        <div className="auth-card account-outcome" data-testid="verify-email-other-account">
          <h1 className="auth-card__title">{t('account.verifyEmail.otherAccount.title')}</h1>
          <p>{t('account.verifyEmail.otherAccount.text', { email: user.email })}</p>
          <LogoutButton className="button button--secondary button--block" />
        </div>
      </main>
    );
  }
  return (
    <main className="auth-page">
      <div className="auth-card account-outcome" data-testid={`verify-email-${view.kind}`}>
        {view.kind === 'verified' && (
          <>
            <h1 className="auth-card__title">
              {t('account.verifyEmail.verified.title', { firstName: view.firstName })}
            </h1>
            <p>{t('account.verifyEmail.verified.text')}</p>
            <Link to="/" className="button button--primary button--block">
              {t('account.verifyEmail.verified.landingLink')}
            </Link>
          </>
        )}
        {view.kind === 'failed' && (
          <>
            <h1 className="auth-card__title">{t('account.verifyEmail.failed.title')}</h1>
            {view.canResend ? (
              <>
                <p>{t('account.verifyEmail.failed.text')}</p>
                <ResendVerification />
              </>
            ) : (
              <>
                <p>{t('account.verifyEmail.failed.alreadyVerified')}</p>
                <Link to="/" className="button button--secondary button--block">
                  {t('account.verifyEmail.verified.landingLink')}
                </Link>
              </>
            )}
          </>
        )}
        {view.kind === 'prompt' && (
          <>
            <h1 className="auth-card__title">{t('account.verifyEmail.prompt.title')}</h1>
            <p>{t('account.verifyEmail.prompt.text', { email: view.sentTo })}</p>
            <p className="account-outcome__help">{t('account.verifyEmail.prompt.help')}</p>
            <ResendVerification />
          </>
        )}
      </div>
    </main>
  );
}
