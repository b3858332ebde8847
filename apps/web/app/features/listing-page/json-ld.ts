import type { ListingView, PriceDisplay } from '@hora/core/listing';
import { toDecimalString } from '@hora/core/money';
import { absoluteUrl, largestVariant } from './listing-images.ts';

type JsonLd = Record<string, unknown>;

/** UN/CEFACT code of the unit "hour": the price is per hour (schema.org UnitPriceSpecification). */
const PER_HOUR = 'HUR';

function offerOf(price: PriceDisplay, available: boolean): JsonLd | undefined {
  const availability = `https://schema.org/${available ? 'InStock' : 'Discontinued'}`;
  if (price.kind === 'range') {
    return {
      '@type': 'AggregateOffer',
      priceCurrency: price.min.currency,
      lowPrice: toDecimalString(price.min),
      highPrice: toDecimalString(price.max),
      availability,
    };
  }
  if (price.kind !== 'price') return undefined;
  const amount = toDecimalString(price.price);
  return {
    '@type': 'Offer',
    priceCurrency: price.price.currency,
    price: amount,
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: amount,
      priceCurrency: price.price.currency,
      unitCode: PER_HOUR,
    },
    availability,
  };
}

/**
 * Structured data of a listing's page: the space as a schema.org LocalBusiness (a Place that
 * makes offers) with its position, the address the page shows, photos, capacity and hourly
 * price. Only what the page itself shows goes in: a fuzzy location stays fuzzy here too.
 * React Router writes it as `<script type="application/ld+json">` with `<`, `>` and `&` escaped.
 */
export function listingJsonLd(
  listing: ListingView,
  options: { url: string; publicUrl: string; address: string | null; price: PriceDisplay },
): JsonLd {
  const offer = offerOf(options.price, listing.state === 'published');
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': options.url,
    url: options.url,
    name: listing.title,
    description: listing.description,
    ...(listing.images.length > 0
      ? { image: listing.images.map((image) => absoluteUrl(largestVariant(image).jpeg, options.publicUrl)) }
      : {}),
    ...(options.address ? { address: options.address } : {}),
    ...(listing.geolocation
      ? {
          geo: {
            '@type': 'GeoCoordinates',
            latitude: listing.geolocation.lat,
            longitude: listing.geolocation.lng,
          },
        }
      : {}),
    ...(listing.capacity ? { maximumAttendeeCapacity: listing.capacity } : {}),
    ...(offer ? { makesOffer: offer } : {}),
  };
}
