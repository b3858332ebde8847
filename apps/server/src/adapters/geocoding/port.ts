import type { Place } from '@hora/core/geo';

/**
 * Turns what a person types into places (spec part 2 §7: predictions, limit 5, language from
 * the locale). The built-in gazetteer answers offline; Nominatim or Photon are chosen by
 * configuration. Listing writes resolve the address again on the server, so a client cannot
 * store a place the geocoder does not know.
 */
// The shapes are core's, so the web app reads the API's places with the same types.
export type { Bounds, LatLng, Place } from '@hora/core/geo';

export interface PredictOptions {
  locale: 'es' | 'en';
  /** Spec: 5. */
  limit: number;
  /** ISO 3166 alpha-2 codes to limit results to, when configured. */
  countries?: readonly string[];
}

export interface Geocoder {
  kind: 'gazetteer' | 'nominatim' | 'photon';
  predict(query: string, options: PredictOptions): Promise<Place[]>;
  /** The place an address names, or null when it is not recognised. */
  resolve(address: string, options: Pick<PredictOptions, 'locale'>): Promise<Place | null>;
}
