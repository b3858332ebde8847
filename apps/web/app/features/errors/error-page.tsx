import { StatusPage } from './status-page.tsx';

/** Any other failure: a short apology, never the internals. */
export function ErrorPage({ status }: { status: number }) {
  return <StatusPage code={status} messages="errors.generic" testId="error-page" reloadDocument />;
}
