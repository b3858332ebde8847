/**
 * Turns what a person types into places (spec part 2 §7: predictions, limit 5, language from
 * the locale). The built-in gazetteer answers offline; Nominatim or Photon are chosen by
 * configuration. Listing writes resolve the address again on the server, so a client cannot
 * store a place the geocoder does not know.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

export interface Bounds {
  ne: LatLng;
  sw: LatLng;
}

export interface Place {
  /** Stable id within the adapter (GeoNames id, OSM id). */
  id: string;
  /** What the search box shows and the listing stores, e.g. "Madrid, Comunidad de Madrid, España". */
  address: string;
  origin: LatLng;
  bounds: Bounds;
  /** 'city', 'address', 'region', … (drives the default bounds size of spec part 2 §9). */
  type: string;
  countryCode: string;
}

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
