import type { Bounds, LatLng } from '../search/query-string.ts';

export type { Bounds, LatLng };

/**
 * A place the geocoder knows (spec part 2 §7): what the search box shows, the point it stands for
 * and the area a search around it covers. The API answers these to the web app, and a listing's
 * location is resolved to one on the server.
 */
export interface Place {
  /** Stable id within the geocoder that found it (GeoNames id, OSM id). */
  id: string;
  /** What the search box shows and the listing stores, e.g. "Madrid, Comunidad de Madrid, España". */
  address: string;
  origin: LatLng;
  bounds: Bounds;
  /** 'city', 'neighbourhood', 'address', 'region', … (an address gets the smaller default bounds). */
  type: string;
  /** ISO 3166 alpha-2, upper case; empty when the geocoder does not say. */
  countryCode: string;
}
