import { MARKETPLACE } from '../config/constants.ts';
import type { ListingLike } from './listing.ts';

export type BookingBlock = 'closed' | 'own-listing' | 'no-price' | 'currency-mismatch' | 'provider-no-payout';

export interface BookingGateContext {
  viewerId: string | null | undefined;
  authorId: string;
  /** The provider has a connected payout account. */
  providerHasPayoutDetails: boolean;
  marketplaceCurrency?: string;
}

/**
 * Why the booking panel cannot be used, or null when it can (spec part 2 §5.5): closed
 * listings, one's own listing, a missing price or one in another currency, and providers who
 * cannot be paid out block booking.
 */
export function bookingBlockReason(
  listing: Pick<ListingLike, 'state' | 'price'>,
  context: BookingGateContext,
): BookingBlock | null {
  if (listing.state === 'closed') return 'closed';
  if (context.viewerId && context.viewerId === context.authorId) return 'own-listing';
  if (!listing.price) return 'no-price';
  if (listing.price.currency !== (context.marketplaceCurrency ?? MARKETPLACE.currency))
    return 'currency-mismatch';
  if (!context.providerHasPayoutDetails) return 'provider-no-payout';
  return null;
}
