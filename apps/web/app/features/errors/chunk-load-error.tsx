import { Link } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';

const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

/** A new deployment removed the code this page asked for, or the network dropped mid-navigation. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_LOAD_FAILURE.test(error.message);
}

export function ChunkLoadErrorPage() {
  const t = useT();
  return (
    <main className="error-page" data-testid="chunk-load-error">
      <p className="error-page__code">404</p>
      <h1>{t('errors.chunkLoad.title')}</h1>
      <p>{t('errors.chunkLoad.description')}</p>
      {/* A full page load fetches the current version of the app. */}
      <Link to="/" reloadDocument className="button button--primary">
        {t('errors.chunkLoad.landingLink')}
      </Link>
    </main>
  );
}
