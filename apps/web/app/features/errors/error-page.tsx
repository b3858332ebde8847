import { Link } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';

/** Any other failure: a short apology, never the internals. */
export function ErrorPage({ status }: { status: number }) {
  const t = useT();
  return (
    <main className="error-page" data-testid="error-page">
      <p className="error-page__code">{status}</p>
      <h1>{t('errors.generic.title')}</h1>
      <p>{t('errors.generic.description')}</p>
      <Link to="/" reloadDocument className="button button--primary">
        {t('errors.generic.landingLink')}
      </Link>
    </main>
  );
}
