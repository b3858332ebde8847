import { useT } from '../../i18n/i18n.tsx';

/** Google and Facebook, when the marketplace has them configured. */
export function ExternalProviders({ providers, returnTo }: { providers: string[]; returnTo: string }) {
  const t = useT();
  if (providers.length === 0) return null;
  return (
    <div className="external-providers">
      <p className="external-providers__divider">{t('auth.external.or')}</p>
      {providers.map((provider) => (
        <a
          key={provider}
          href={`/api/auth/providers/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`}
          className="button button--secondary button--block"
          data-testid={`provider-${provider}`}
        >
          {t('auth.external.continueWith', { provider: provider === 'google' ? 'Google' : 'Facebook' })}
        </a>
      ))}
    </div>
  );
}
