import { matchPath, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';

/**
 * Paths of spec part 1 §2 that only a signed-in person may open. A page's own loader calls
 * `requireViewer`; the catch-all route applies the same rule to protected paths whose page has not
 * matched, so a visitor is always sent to log in rather than shown a 404 for a private URL.
 */
export const AUTH_ONLY_PATTERNS = [
  '/l/new',
  '/l/:slug/:id/checkout',
  '/l/:slug/:id/:variant',
  '/l/:slug/:id/:type/:tab',
  '/l/:slug/:id/:type/:tab/:returnURLType',
  '/profile-settings',
  '/verify-email',
  '/inbox/:tab',
  '/order/:id/details',
  '/sale/:id/details',
  '/listings',
  '/account/contact-details',
  '/account/change-password',
  '/account/payments',
  '/account/payments/:returnURLType',
  '/account/payment-methods',
] as const;

export function isAuthOnlyPath(pathname: string): boolean {
  return AUTH_ONLY_PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/**
 * Where a visitor goes to log in, remembering where they were. The hash never reaches the server,
 * but browsers carry it across a redirect whose Location has none, so the login page finds it in
 * its own `location.hash`.
 */
export function loginPath(url: URL): string {
  return `/login?returnTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

export function requireViewer(request: Request, context: Pick<WebContext, 'viewer'>) {
  if (!context.viewer) throw redirect(loginPath(new URL(request.url)));
  return context.viewer;
}
