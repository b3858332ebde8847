import paginationStyles from '../components/ui/pagination.css?url';
import stylesheet from '../features/manage-listings/manage-listings.css?url';
import { loadManageListings, runManageAction } from '../features/manage-listings/manage-listings-data.ts';
import { ManageListingsPage } from '../features/manage-listings/manage-listings-page.tsx';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/manage-listings';

/** /listings (auth): the host's own listings, 42 a page, with open and close (spec part 1 §2). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadManageListings(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return runManageAction(request, context);
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: paginationStyles },
];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'manageListings.metaTitle', noindex: true });

export default function ManageListings({ loaderData, actionData }: Route.ComponentProps) {
  return <ManageListingsPage page={loaderData.page} result={loaderData.result} actionResult={actionData} />;
}
