import type { ListingLike, OwnListingView } from '@hora/core/listing';
import { DRAFT_LISTING_ID } from '@hora/core/search';

/**
 * The API's listing view in the shape core's wizard rules read (spec part 1 §3: the public data
 * keeps its stored names, `negociation` included).
 */
export function listingLikeOf(listing: OwnListingView | null): ListingLike {
  if (!listing) return {};
  return {
    id: listing.id,
    title: listing.title,
    description: listing.description,
    state: listing.state,
    geolocation: listing.geolocation,
    price: listing.price,
    availabilityPlan: listing.availabilityPlan,
    publicData: {
      category: listing.categories,
      location: listing.location,
      negociation: listing.negotiation,
      minPrice: listing.minPrice,
      maxPrice: listing.maxPrice,
      rules: listing.rules,
      certificate: listing.certificate,
    },
    images: listing.images,
  };
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
