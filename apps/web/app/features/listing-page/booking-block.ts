import { MARKETPLACE } from '@hora/core/config';
import type { ListingView } from '@hora/core/listing';

/**
 * Why the booking form cannot be used (spec part 2 §5.5 and §8.2 booking form), each with its
 * message: no price, a price in another currency than the marketplace's, a host whose payout
 * account cannot receive money, or free time that could not be loaded. The owner never sees the
 * form (the page shows the owner's panel instead).
 */
export type BookingBlock = 'noPrice' | 'currencyMismatch' | 'noPayouts' | 'slotsFailed';

export function bookingBlockOf(
  listing: Pick<ListingView, 'price' | 'author'>,
  slotsLoaded: boolean,
): BookingBlock | null {
  if (!listing.price) return 'noPrice';
  if (listing.price.currency !== MARKETPLACE.currency) return 'currencyMismatch';
  if (listing.author.acceptsBookings === false) return 'noPayouts';
  if (!slotsLoaded) return 'slotsFailed';
  return null;
}
