import { useT } from '../../i18n/i18n.tsx';
import { SearchForm } from '../shell/search-form.tsx';
import { StatusPage } from './status-page.tsx';

/** Spec part 1 §2: the 404 page offers a location search; a picked place searches with its point too. */
export function NotFoundPage() {
  const t = useT();
  return (
    <StatusPage code={404} messages="notFound" testId="not-found-page">
      <section className="error-page__search" aria-labelledby="not-found-search-title">
        <h2 id="not-found-search-title" className="error-page__search-title">
          {t('notFound.searchTitle')}
        </h2>
        <SearchForm initialMode="location" showModeSelect={false} withOrigin />
      </section>
    </StatusPage>
  );
}
