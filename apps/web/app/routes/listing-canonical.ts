import { data, redirect } from 'react-router';
import { isListingId } from '../features/listing-page/listing-access.ts';
import { fetchListing } from '../features/listing-page/listing-api.ts';
import { listingPagePath } from '../features/listing-page/listing-paths.ts';
import type { Route } from './+types/listing-canonical';

/**
 * /l/:id, a listing's canonical address (spec part 1 §2): it leads to the page with the title's
 * slug, or to the variant page of a draft for its owner. Temporary redirects: a new title changes
 * the slug, and a browser must not keep the old one.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isListingId(params.id)) throw data(null, { status: 404 });
  const listing = await fetchListing(context.api, params.id);
  return redirect(`${listingPagePath(listing)}${new URL(request.url).search}`);
}

/**
 * Never shown (the loader redirects or throws), but it makes this a page route: a wrong id then gets
 * the site's 404 page from the root's error boundary, not a bare `null` (a resource route's answer).
 */
export default function ListingCanonical() {
  return null;
}
