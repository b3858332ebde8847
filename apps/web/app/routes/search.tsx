import paginationStyles from '../components/ui/pagination.css?url';
import { loadSearchPage } from '../features/search-page/search-data.ts';
import stylesheet from '../features/search-page/search-page.css?url';
import { SearchPage } from '../features/search-page/search-page.tsx';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/search';

/**
 * /s (public): published listings for the URL's filters, one API call per render. Filtered pages
 * stay out of search engines (endless combinations of the same listings); `/s` itself is indexed.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSearchPage(request, context);
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: paginationStyles },
];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    titleKey: 'search.metaTitle',
    descriptionKey: 'search.metaDescription',
    noindex: args.location.search !== '',
  });

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} />;
}
