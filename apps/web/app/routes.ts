import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { REDIRECTS } from './features/routing/redirects.ts';

export default [
  index('routes/landing.tsx'),
  route('locale', 'routes/locale.ts'),
  route('cookie-consent', 'routes/cookie-consent.ts'),
  ...REDIRECTS.map((rule) => route(rule.path, 'routes/redirects.ts', { id: `redirect:${rule.path}` })),
  route('notfound', 'routes/not-found.tsx', { id: 'not-found-page' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
