import { StatusPage } from './status-page.tsx';

export function NotFoundPage() {
  return <StatusPage code={404} messages="notFound" testId="not-found-page" />;
}
