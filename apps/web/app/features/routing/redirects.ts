import { matchPath } from 'react-router';

/** Spec part 1 §2: paths that only lead somewhere else. */
export const REDIRECTS: readonly {
  path: string;
  to: (params: Record<string, string | undefined>) => string;
}[] = [
  { path: '/l', to: () => '/' },
  { path: '/u', to: () => '/' },
  { path: '/inbox', to: () => '/inbox/sales' },
  { path: '/account', to: () => '/account/contact-details' },
  { path: '/order/:id', to: ({ id }) => `/order/${encodeURIComponent(id ?? '')}/details` },
  { path: '/sale/:id', to: ({ id }) => `/sale/${encodeURIComponent(id ?? '')}/details` },
];

export function redirectTarget(pathname: string): string | null {
  for (const rule of REDIRECTS) {
    const match = matchPath({ path: rule.path, end: true }, pathname);
    if (match) return rule.to(match.params);
  }
  return null;
}
