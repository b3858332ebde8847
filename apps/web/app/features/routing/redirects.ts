import { matchRoute, ROUTE_NAMES, ROUTES, redirectPath } from '@hora/core/search';

/** Paths of spec part 1 §2 that only lead somewhere else (`/l`, `/inbox`, `/order/:id`, ...). */
export const REDIRECT_PATHS: readonly string[] = ROUTE_NAMES.filter((name) => 'redirect' in ROUTES[name]).map(
  (name) => ROUTES[name].path,
);

export function redirectTarget(pathname: string): string | null {
  const match = matchRoute(pathname);
  return match ? redirectPath(match) : null;
}
