import {
  type ListingView,
  listingLikeOfView,
  listingPriceDisplay,
  type PriceDisplay,
} from '@hora/core/listing';

type PricedListing = Pick<ListingView, 'price' | 'negotiation' | 'minPrice' | 'maxPrice'>;

/**
 * Spec part 2 §5.6 through core's rule: a range for negotiable listings, the price in the
 * marketplace's currency, or only the code of another currency.
 */
export function priceDisplayOf(listing: PricedListing, locale: string): PriceDisplay {
  return listingPriceDisplay(listingLikeOfView(listing), { locale });
}
