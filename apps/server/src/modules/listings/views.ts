import type { ListingView, OwnListingView, PaginationMeta } from '@hora/core/listing';
import {
  type CardImageView,
  type ListingAuthorView,
  type ListingCardView,
  type ListingImageView,
  publicListingLocation,
} from '@hora/core/listing';
import { isHiddenUser } from '@hora/core/user';
import { abbreviatedName, displayName, type ImageUrls } from '../account/views.ts';
import { avatarVariants } from '../images/index.ts';
import {
  type ListingAuthor,
  type ListingCardRecord,
  type ListingRecord,
  majorUnits,
  priceOf,
} from './record.ts';

/** The host as a listing shows them: banned and deleted hosts keep only their flags (core's rule). */
export function authorView(author: ListingAuthor, imageUrls: ImageUrls): ListingAuthorView {
  const flags = { banned: author.banned, deleted: author.deleted };
  if (isHiddenUser(flags))
    return { id: author.id, displayName: '', abbreviatedName: '', avatar: null, ...flags };
  const avatar = avatarVariants(author.image, imageUrls);
  return {
    id: author.id,
    displayName: displayName(author),
    abbreviatedName: abbreviatedName(author),
    avatar: avatar && { 'square-small': avatar['square-small'], 'square-small2x': avatar['square-small2x'] },
    ...flags,
  };
}

/** The public page's view of a listing (text was sanitised when it was written). */
export function listingView(
  listing: ListingRecord,
  author: ListingAuthor,
  images: ListingImageView[],
  imageUrls: ImageUrls,
): ListingView {
  const currency = listing.priceCurrency;
  return {
    id: listing.id,
    state: listing.state,
    title: listing.title,
    description: listing.description,
    categories: listing.categories,
    certificate: listing.certificate,
    rules: listing.rules,
    capacity: listing.capacity,
    location: listing.address === null ? null : { address: listing.address, building: listing.building },
    geolocation:
      listing.latitude === null || listing.longitude === null
        ? null
        : { lat: listing.latitude, lng: listing.longitude },
    price: priceOf(listing),
    negotiation: listing.negotiation,
    minPrice: majorUnits(listing.minPriceAmount, currency),
    maxPrice: majorUnits(listing.maxPriceAmount, currency),
    timeZone: listing.timeZone,
    bookingRules: listing.bookingRules,
    images,
    author: authorView(author, imageUrls),
    createdAt: listing.createdAt.toISOString(),
    publishedAt: listing.publishedAt?.toISOString() ?? null,
  };
}

/**
 * A listing as a card (search results, the search map, favourites, the landing page): its cover and
 * its public point, blurred like the page's when locations are fuzzy.
 */
export function listingCardView(
  listing: ListingCardRecord,
  cover: CardImageView | null,
  options: { fuzzy: boolean },
): ListingCardView {
  const geolocation =
    listing.latitude === null || listing.longitude === null
      ? null
      : { lat: listing.latitude, lng: listing.longitude };
  const currency = listing.priceCurrency;
  return {
    id: listing.id,
    title: listing.title,
    price: priceOf(listing),
    negotiation: listing.negotiation,
    minPrice: majorUnits(listing.minPriceAmount, currency),
    maxPrice: majorUnits(listing.maxPriceAmount, currency),
    certificate: listing.certificate,
    categories: listing.categories,
    capacity: listing.capacity,
    geolocation: publicListingLocation({ id: listing.id, location: null, geolocation }, options).geolocation,
    createdAt: listing.createdAt.toISOString(),
    image: cover,
    premium: false,
  };
}

/** What the owner sees and edits: the public view plus the weekly plan. */
export function ownListingView(
  listing: ListingRecord,
  author: ListingAuthor,
  images: ListingImageView[],
  imageUrls: ImageUrls,
): OwnListingView {
  return {
    ...listingView(listing, author, images, imageUrls),
    availabilityPlan: listing.availabilityPlan,
    updatedAt: listing.updatedAt.toISOString(),
  };
}

export function paginationMeta(page: number, perPage: number, totalItems: number): PaginationMeta {
  return { page, perPage, totalItems, totalPages: Math.ceil(totalItems / perPage) };
}
