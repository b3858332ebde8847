import { redirect } from 'react-router';
import { redirectTarget } from '../features/routing/redirects.ts';
import type { Route } from './+types/redirects';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(`${redirectTarget(url.pathname) ?? '/'}${url.search}`);
}
