import bookingFormStylesheet from '../features/listing-page/booking-form.css?url';
import { listingMeta } from '../features/listing-page/listing-meta.ts';
import stylesheet from '../features/listing-page/listing-page.css?url';
import { ListingPage } from '../features/listing-page/listing-page.tsx';
import { loadListingPage } from '../features/listing-page/listing-page-loader.ts';
import { shouldRevalidateListing } from '../features/listing-page/listing-revalidation.ts';
import type { Route } from './+types/listing';

/**
 * /l/:slug/:id (public): a published or closed listing. A slug that is not the title's, or a draft
 * or pending listing (owner only), redirects to the path that shows it.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadListingPage(request, params, context);
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: bookingFormStylesheet },
];

export const meta: Route.MetaFunction = (args) => listingMeta(args, args.loaderData);

export const shouldRevalidate = shouldRevalidateListing;

export default function Listing({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
