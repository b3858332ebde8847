import { type ListingLike, listingLikeOfView, type OwnListingView } from '@hora/core/listing';
import { DRAFT_LISTING_ID } from '@hora/core/search';

/** The API's listing view in the shape core's wizard rules read (nothing yet for a new listing). */
export function listingLikeOf(listing: OwnListingView | null): ListingLike {
  return listing ? listingLikeOfView(listing) : {};
}

/**
 * What the forms of a listing not created yet start from: nothing typed, the marketplace's
 * defaults. Its id is the all-zero one of `/l/new`, which the description tab reads as "create".
 */
export function newListingPlaceholder(options: {
  timeZone: string;
  bookingRules: OwnListingView['bookingRules'];
}): OwnListingView {
  return {
    id: DRAFT_LISTING_ID,
    state: 'draft',
    title: '',
    description: '',
    categories: [],
    certificate: null,
    rules: null,
    capacity: null,
    location: null,
    geolocation: null,
    price: null,
    negotiation: 'no',
    minPrice: null,
    maxPrice: null,
    timeZone: options.timeZone,
    bookingRules: options.bookingRules,
    images: [],
    author: { id: '', displayName: '', abbreviatedName: '', avatar: null },
    availabilityPlan: null,
    createdAt: '',
    updatedAt: '',
    publishedAt: null,
  };
}

export function isListingCreated(listing: Pick<OwnListingView, 'id'>): boolean {
  return listing.id !== DRAFT_LISTING_ID;
}
