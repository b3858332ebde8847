import { redirectWithCookies } from '../features/forms/submission.ts';
import type { Route } from './+types/logout';

/** Ends the session and returns to the landing page with a fresh document (no client state left). */
export async function action({ context }: Route.ActionArgs) {
  const result = await context.api('/api/auth/logout', { method: 'POST' });
  return redirectWithCookies('/', result);
}

export function loader() {
  return new Response(null, { status: 302, headers: { location: '/' } });
}
