import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { REDIRECT_PATHS } from './features/routing/redirects.ts';

export default [
  index('routes/landing.tsx'),
  route('locale', 'routes/locale.ts'),
  route('cookie-consent', 'routes/cookie-consent.ts'),
  ...REDIRECT_PATHS.map((path) => route(path, 'routes/redirects.ts', { id: `redirect:${path}` })),
  route('notfound', 'routes/not-found.tsx', { id: 'not-found-page' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
