import { type ListingView, listingPriceDisplay, type PriceDisplay } from '@hora/core/listing';

type PricedListing = Pick<ListingView, 'price' | 'negotiation' | 'minPrice' | 'maxPrice'>;

/**
 * Spec part 2 §5.6 through core's rule: a range for negotiable listings, the price in the
 * marketplace's currency, or only the code of another currency. The view's fields keep their
 * English names; core reads the stored ones (`negociation`).
 */
export function priceDisplayOf(listing: PricedListing, locale: string): PriceDisplay {
  return listingPriceDisplay(
    {
      price: listing.price,
      publicData: {
        negociation: listing.negotiation,
        minPrice: listing.minPrice,
        maxPrice: listing.maxPrice,
      },
    },
    { locale },
  );
}
