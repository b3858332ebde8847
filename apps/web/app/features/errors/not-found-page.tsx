import { Link } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';

export function NotFoundPage() {
  const t = useT();
  return (
    <main className="error-page" data-testid="not-found-page">
      <p className="error-page__code">404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <Link to="/" className="button button--primary">
        {t('notFound.landingLink')}
      </Link>
    </main>
  );
}
