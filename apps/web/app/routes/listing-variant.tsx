import { data } from 'react-router';
import bookingFormStylesheet from '../features/listing-page/booking-form.css?url';
import { listingMeta } from '../features/listing-page/listing-meta.ts';
import stylesheet from '../features/listing-page/listing-page.css?url';
import { ListingPage } from '../features/listing-page/listing-page.tsx';
import { loadListingPage } from '../features/listing-page/listing-page-loader.ts';
import { isListingPageVariant } from '../features/listing-page/listing-paths.ts';
import { shouldRevalidateListing } from '../features/listing-page/listing-revalidation.ts';
import { requireViewer } from '../features/routing/access.ts';
import type { Route } from './+types/listing-variant';

/**
 * /l/:slug/:id/:variant (auth): a draft or a listing pending approval, shown to its owner only
 * (spec part 1 §2). Visitors log in first; anybody else finds no such page; a listing that is
 * published meanwhile redirects to its public page.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  if (!isListingPageVariant(params.variant)) throw data(null, { status: 404 });
  return loadListingPage(request, params, context);
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: bookingFormStylesheet },
];

export const meta: Route.MetaFunction = (args) => listingMeta(args, args.loaderData);

export const shouldRevalidate = shouldRevalidateListing;

export default function ListingVariant({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
