import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/form.tsx';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import type { CaptchaConfig } from '../captcha/captcha-field.tsx';
import type { FormErrors } from '../forms/api-errors.ts';
import { ConfirmForm } from './confirm-form.tsx';
import { ExternalProviders } from './external-providers.tsx';
import { LoginForm } from './login-form.tsx';
import { SignupForm } from './signup-form.tsx';

export type AuthTab = 'login' | 'signup' | 'confirm';

export interface AuthPageProps {
  tab: AuthTab;
  returnTo: string;
  providers: string[];
  captcha: CaptchaConfig;
  referralCode: string;
  externalError: boolean;
  errors: FormErrors | undefined;
}

/** Log in, sign up, or confirm a Google/Facebook sign-up: one page with tabs. */
export function AuthPage(props: AuthPageProps) {
  const t = useT();
  const location = useLocation();
  const query = location.search;
  return (
    <main className="auth-page">
      <div className="auth-card">
        {props.tab === 'confirm' ? (
          <h1 className="auth-card__title">{t('auth.confirm.heading')}</h1>
        ) : (
          <nav className="auth-tabs" aria-label={t('auth.tabsLabel')}>
            <Link
              to={`/login${query}`}
              className="auth-tabs__tab"
              aria-current={props.tab === 'login' ? 'page' : undefined}
              replace
            >
              {t('auth.login.tab')}
            </Link>
            <Link
              to={`/signup${query}`}
              className="auth-tabs__tab"
              aria-current={props.tab === 'signup' ? 'page' : undefined}
              replace
            >
              {t('auth.signup.tab')}
            </Link>
          </nav>
        )}
        {props.externalError && <Alert tone="error">{t('auth.externalFailed')}</Alert>}
        {props.errors?.form && <Alert tone="error">{t(props.errors.form)}</Alert>}
        {props.tab === 'login' && <LoginForm returnTo={props.returnTo} errors={props.errors} />}
        {props.tab === 'signup' && (
          <SignupForm
            returnTo={props.returnTo}
            errors={props.errors}
            captcha={props.captcha}
            referralCode={props.referralCode}
          />
        )}
        {props.tab === 'confirm' && <ConfirmForm returnTo={props.returnTo} errors={props.errors} />}
        {props.tab !== 'confirm' && (
          <ExternalProviders providers={props.providers} returnTo={props.returnTo} />
        )}
      </div>
    </main>
  );
}
