import type { ListingImageView } from '@hora/core/listing';
import type { Geocoder } from '../../adapters/geocoding/port.ts';

/**
 * What the listings module needs from its neighbours, as small interfaces: the images module
 * answers for photos, the payouts module for the host's payout account. Each is handed in by
 * `buildApp`, so the listings code never reaches into their tables.
 */

/** The photos of listings, cover first, for views and the photos tab's completeness. */
export interface ListingImagesReader {
  imagesOf(listingIds: string[]): Promise<Map<string, ListingImageView[]>>;
}

/** Whether a host's payout account can receive money (no currently_due or past_due items). */
export interface PayoutReadiness {
  isReady(userId: string): Promise<boolean>;
}

/** The readers a build without the images module uses: no listing has photos. */
export const noListingImages: ListingImagesReader = {
  imagesOf: async () => new Map(),
};

/** The readiness a build without the payouts module uses: nobody can be paid, nobody publishes. */
export const noPayoutAccounts: PayoutReadiness = {
  isReady: async () => false,
};

/**
 * The geocoder of a build without the geocoding adapters: it recognises no address, so no
 * location can be saved. `buildApp` uses it only until the adapters are wired in.
 */
export const noGeocoder: Geocoder = {
  kind: 'gazetteer',
  predict: async () => [],
  resolve: async () => null,
};
