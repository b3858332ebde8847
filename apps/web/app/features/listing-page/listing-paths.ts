import { LISTING_PAGE_VARIANTS, type ListingState, listingPageRoute } from '@hora/core/listing';
import { createSlug, pathByRouteName } from '@hora/core/search';

type ListingRef = { id: string; title: string; state: ListingState };

/** Where a listing is shown: its page, or the owner-only variant page of a draft or pending one. */
export function listingPagePath(listing: ListingRef): string {
  const route = listingPageRoute(listing);
  return pathByRouteName(route.name, route.params);
}

export type ListingPageVariant = (typeof LISTING_PAGE_VARIANTS)[keyof typeof LISTING_PAGE_VARIANTS];

export function isListingPageVariant(value: string): value is ListingPageVariant {
  return (Object.values(LISTING_PAGE_VARIANTS) as string[]).includes(value);
}

/** A tab of the listing wizard for an existing listing: `draft` while unpublished, `edit` after. */
export function wizardPath(listing: ListingRef, tab: 'description' | 'photos'): string {
  const type = listing.state === 'draft' ? 'draft' : 'edit';
  return pathByRouteName('EditListingPage', { slug: createSlug(listing.title), id: listing.id, type, tab });
}

/** The page where a draft is finished: the photos tab, the last one (spec part 1 §2). */
export function finishDraftPath(listing: ListingRef): string {
  return wizardPath(listing, 'photos');
}

export function editListingPath(listing: ListingRef): string {
  return wizardPath(listing, 'description');
}
