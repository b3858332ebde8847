import { data } from 'react-router';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { isAuthOnlyPath, requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/not-found';

/**
 * Every path no page claims. A private path still sends a visitor to log in first (spec part 1 §2);
 * everything else is a 404 page answered with HTTP 404.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (isAuthOnlyPath(new URL(request.url).pathname)) requireViewer(request, context);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'notFound.title', descriptionKey: 'notFound.description', noindex: true });

export default function NotFound() {
  return <NotFoundPage />;
}
