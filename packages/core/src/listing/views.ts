import type { AvailabilityPlan } from '../availability/plan.ts';
import type { Money } from '../money/money.ts';
import type { ListingLike, ListingState, Negotiation } from './listing.ts';

/**
 * What the listing API answers (JSON: dates as ISO strings). Shared by the server, which builds
 * these, and the web app, which reads them; one shape per audience.
 */

/** Image variant names of spec part 1 §3 (the `2x` ones are the double-density twins). */
export const LISTING_IMAGE_VARIANTS = {
  'landscape-crop': { width: 400, height: 267 },
  'landscape-crop2x': { width: 800, height: 533 },
  'square-small': { width: 240, height: 240 },
  'square-small2x': { width: 480, height: 480 },
} as const;
export type ListingImageVariantName = keyof typeof LISTING_IMAGE_VARIANTS;

export interface ImageVariantView {
  width: number;
  height: number;
  /** WebP file: what every current browser takes. */
  webp: string;
  /** JPEG fallback for the rest (and for `og:image`). */
  jpeg: string;
}

/** A photo with the URLs of some of its variants (`Name`), or of all of them. */
export interface ImageView<Name extends ListingImageVariantName = ListingImageVariantName> {
  id: string;
  width: number;
  height: number;
  variants: Record<Name, ImageVariantView>;
}

export type ListingImageView = ImageView;

/**
 * A card shows its cover in the landscape crop only (search results, the map's card, favourites):
 * the other variants' URLs would be read, sent and decoded for nothing, 24 times a page.
 */
export const CARD_IMAGE_VARIANTS = [
  'landscape-crop',
  'landscape-crop2x',
] as const satisfies readonly ListingImageVariantName[];
export type CardImageView = ImageView<(typeof CARD_IMAGE_VARIANTS)[number]>;

/** Booking rules (beyond the spec); defaults keep the spec's hourly behaviour. */
export interface BookingRules {
  minDurationMinutes: number;
  maxDurationMinutes: number | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  advanceNoticeMinutes: number;
  /** How far ahead bookings open, at most the spec's 90 days. */
  bookingWindowDays: number;
  /** 60 by default; 30 allowed. */
  slotStepMinutes: 30 | 60;
}

export const DEFAULT_BOOKING_RULES: BookingRules = {
  minDurationMinutes: 60,
  maxDurationMinutes: null,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  advanceNoticeMinutes: 0,
  bookingWindowDays: 90,
  slotStepMinutes: 60,
};

export interface ListingAuthorView {
  id: string;
  displayName: string;
  abbreviatedName: string;
  /** Square avatar variants' URLs, or null for the initials placeholder. */
  avatar: { 'square-small': string; 'square-small2x': string } | null;
  /**
   * A banned or deleted host (issue 12): names and avatar are empty and the page shows core's
   * placeholder (`userDisplay`) without a profile link. Absent means neither.
   */
  banned?: boolean;
  deleted?: boolean;
  /**
   * Only on the public page's view of a published listing seen by someone else: whether the host's
   * payout account can receive money (spec part 2 §5.5: booking requires it). The booking form
   * says so instead of letting a guest reach a checkout that would refuse them.
   */
  acceptsBookings?: boolean;
}

/** Public page of a listing (and cards). */
export interface ListingView {
  id: string;
  state: ListingState;
  title: string;
  description: string;
  categories: string[];
  certificate: string | null;
  rules: string | null;
  capacity: number | null;
  location: { address: string; building: string | null } | null;
  /** Exact pin (fuzzing, when configured, is applied by the server before answering). */
  geolocation: { lat: number; lng: number } | null;
  price: Money | null;
  negotiation: Negotiation;
  /** Whole currency units, as the host typed them (spec publicData minPrice / maxPrice). */
  minPrice: number | null;
  maxPrice: number | null;
  timeZone: string;
  bookingRules: BookingRules;
  images: ListingImageView[];
  author: ListingAuthorView;
  createdAt: string;
  publishedAt: string | null;
}

/**
 * A listing as the search results, the search map, favourites and the landing page show it: one
 * image (the cover), the public point (fuzzy when configured) and what a card prints.
 */
export interface ListingCardView
  extends Pick<
    ListingView,
    | 'id'
    | 'title'
    | 'price'
    | 'negotiation'
    | 'minPrice'
    | 'maxPrice'
    | 'certificate'
    | 'categories'
    | 'capacity'
    | 'geolocation'
    | 'createdAt'
  > {
  /** The cover photo, or null when the listing has none (the card then says so). */
  image: CardImageView | null;
  /** Premium hosts get a star on cards; subscriptions come later, so false until then. */
  premium: boolean;
}

/** What the owner sees and edits: everything public plus the plan. */
export interface OwnListingView extends ListingView {
  availabilityPlan: AvailabilityPlan | null;
  updatedAt: string;
}

export interface AvailabilityExceptionView {
  id: string;
  start: string;
  end: string;
  seats: number;
}

export interface PaginationMeta {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
}

/**
 * The API's view in the shape core's listing rules read (wizard gating, price display): the spec's
 * stored names, `negociation` included. Fields a caller leaves out stay unknown to the rules.
 */
export function listingLikeOfView(
  listing: Pick<ListingView, 'price' | 'negotiation' | 'minPrice' | 'maxPrice'> &
    Partial<
      Pick<
        OwnListingView,
        | 'id'
        | 'title'
        | 'description'
        | 'state'
        | 'geolocation'
        | 'availabilityPlan'
        | 'categories'
        | 'location'
        | 'rules'
        | 'certificate'
        | 'images'
      >
    >,
): ListingLike {
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
