import { useFetcher } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useRootData } from '../shell/use-root-data.ts';

/** Shown until the visitor accepts; the answer lives in a 10-year cookie set by /cookie-consent. */
export function CookieBanner() {
  const t = useT();
  const { consentGiven } = useRootData();
  const fetcher = useFetcher();
  // Hide at once on click; the root loader confirms it after the action.
  if (consentGiven || fetcher.state !== 'idle' || fetcher.data) return null;
  return (
    <section className="cookie-banner" aria-label={t('cookies.label')} data-testid="cookie-banner">
      <p>
        {t('cookies.message')}{' '}
        <Link to="/privacy-policy" className="cookie-banner__link">
          {t('cookies.moreInfo')}
        </Link>
      </p>
      <fetcher.Form method="post" action="/cookie-consent">
        <button type="submit" className="button button--primary">
          {t('cookies.accept')}
        </button>
      </fetcher.Form>
    </section>
  );
}
