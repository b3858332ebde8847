import type { ReactNode } from 'react';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';

interface StatusPageProps {
  code: number;
  /** Message keys: `<messages>.title`, `.description` and `.landingLink`. */
  messages: string;
  testId: string;
  /** Load the landing page as a new document (fresh code after a deployment or a crash). */
  reloadDocument?: boolean;
  /** What the page offers besides the way home (the 404 page's location search). */
  children?: ReactNode;
}

/** The 404-style page shared by the not-found, chunk-load and generic error pages. */
export function StatusPage({ code, messages, testId, reloadDocument = false, children }: StatusPageProps) {
  const t = useT();
  return (
    <main className="error-page" data-testid={testId}>
      <p className="error-page__code">{code}</p>
      <h1>{t(`${messages}.title`)}</h1>
      <p>{t(`${messages}.description`)}</p>
      {children}
      <Link to="/" reloadDocument={reloadDocument} className="button button--primary">
        {t(`${messages}.landingLink`)}
      </Link>
    </main>
  );
}
