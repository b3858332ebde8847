import { matchRoute, ROUTE_NAMES, ROUTES, redirectPath } from '@hora/core/search';

/** Paths of spec part 1 §2 that only lead somewhere else (`/l`, `/inbox`, `/order/:id`, ...). */
export const REDIRECT_PATHS: readonly string[] = ROUTE_NAMES.filter(
  // `/inbox` has its own route: its tab depends on the viewer (issue 12, routes/inbox-default.ts).
  (name) => 'redirect' in ROUTES[name] && name !== 'InboxBasePage',
).map((name) => ROUTES[name].path);

export function redirectTarget(pathname: string): string | null {
  const match = matchRoute(pathname);
  return match ? redirectPath(match) : null;
}
