import { ROUTE_NAMES, ROUTES, type RouteDefinition } from '@hora/core/search';
import { matchPath, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';

/**
 * Paths of spec part 1 §2 that only a signed-in person may open (core's route table). A page's own
 * loader calls `requireViewer`; the catch-all route applies the same rule to protected paths whose
 * page has not matched, so a visitor is always sent to log in rather than shown a 404 for a
 * private URL.
 */
export const AUTH_ONLY_PATTERNS: readonly string[] = ROUTE_NAMES.filter(
  (name) => (ROUTES[name] as RouteDefinition).auth === true,
).map((name) => ROUTES[name].path);

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
