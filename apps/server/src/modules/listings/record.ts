import type { AvailabilityPlan } from '@hora/core/availability';
import type { BookingRules, ListingLike, ListingState, Negotiation } from '@hora/core/listing';
import { type Money, money, toMajorUnits } from '@hora/core/money';

/** A listing as the use cases see it, whatever the storage (money in minor units). */
export interface ListingRecord {
  id: string;
  authorId: string;
  state: ListingState;
  title: string;
  description: string;
  categories: string[];
  certificate: string | null;
  rules: string | null;
  capacity: number | null;
  address: string | null;
  building: string | null;
  latitude: number | null;
  longitude: number | null;
  priceAmount: number | null;
  priceCurrency: string | null;
  negotiation: Negotiation;
  minPriceAmount: number | null;
  maxPriceAmount: number | null;
  timeZone: string;
  availabilityPlan: AvailabilityPlan | null;
  bookingRules: BookingRules;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The listing's author as its page shows them. */
export interface ListingAuthor {
  id: string;
  firstName: string;
  lastName: string;
  /** URL of the avatar's stored variant (`users.image`). */
  image: string | null;
  /** Banned and deleted hosts show as placeholders, without a profile link (spec part 1 §3). */
  banned: boolean;
  deleted: boolean;
}

export interface ListingWithAuthor {
  listing: ListingRecord;
  author: ListingAuthor;
}

/** What the tabs write: any subset of the listing's editable fields. */
export type ListingChanges = Partial<
  Omit<ListingRecord, 'id' | 'authorId' | 'state' | 'publishedAt' | 'createdAt' | 'updatedAt'>
>;

/** What a card shows of a listing (`listingCardView`): the cards read only these columns. */
export type ListingCardRecord = Pick<
  ListingRecord,
  | 'id'
  | 'title'
  | 'priceAmount'
  | 'priceCurrency'
  | 'negotiation'
  | 'minPriceAmount'
  | 'maxPriceAmount'
  | 'certificate'
  | 'categories'
  | 'capacity'
  | 'latitude'
  | 'longitude'
  | 'createdAt'
>;

export function priceOf(listing: Pick<ListingRecord, 'priceAmount' | 'priceCurrency'>): Money | null {
  return listing.priceAmount === null || listing.priceCurrency === null
    ? null
    : money(listing.priceAmount, listing.priceCurrency);
}

/** Whole currency units of a stored bound (the form's minPrice / maxPrice). */
export function majorUnits(amount: number | null, currency: string | null): number | null {
  return amount === null || currency === null ? null : toMajorUnits(money(amount, currency));
}

/** The shape core's wizard and state rules read. `imageCount` comes from the images module. */
export function listingLike(listing: ListingRecord, imageCount: number): ListingLike {
  const currency = listing.priceCurrency;
  return {
    id: listing.id,
    title: listing.title,
    description: listing.description,
    state: listing.state,
    geolocation:
      listing.latitude === null || listing.longitude === null
        ? null
        : { lat: listing.latitude, lng: listing.longitude },
    price: priceOf(listing),
    availabilityPlan: listing.availabilityPlan,
    publicData: {
      category: listing.categories,
      location: { address: listing.address, building: listing.building },
      negociation: listing.negotiation,
      minPrice: majorUnits(listing.minPriceAmount, currency),
      maxPrice: majorUnits(listing.maxPriceAmount, currency),
      rules: listing.rules,
      certificate: listing.certificate,
    },
    images: Array.from({ length: imageCount }, () => ({})),
  };
}
