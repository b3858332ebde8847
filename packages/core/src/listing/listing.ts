import type { AvailabilityPlan } from '../availability/plan.ts';
import type { Money } from '../money/money.ts';

export const LISTING_STATES = ['draft', 'pendingApproval', 'published', 'closed'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

export type Negotiation = 'yes' | 'no';

/** The listing fields the rules read (spec part 1 §3); stored names kept, misspellings too. */
export interface ListingPublicData {
  category?: readonly string[] | null;
  location?: { address?: string | null; building?: string | null } | null;
  negociation?: Negotiation | null;
  /** Whole currency units (euros), as entered. */
  minPrice?: number | null;
  maxPrice?: number | null;
  video?: string | null;
  rules?: string | null;
  certificate?: string | null;
}

export interface ListingLike {
  id?: string;
  title?: string | null;
  description?: string | null;
  state?: ListingState;
  geolocation?: { lat: number; lng: number } | null;
  price?: Money | null;
  availabilityPlan?: AvailabilityPlan | null;
  publicData?: ListingPublicData | null;
  images?: readonly unknown[] | null;
}

export function isNegotiable(listing: Pick<ListingLike, 'publicData'>): boolean {
  return listing.publicData?.negociation === 'yes';
}
