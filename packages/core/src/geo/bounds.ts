import { GEOCODER } from '../config/constants.ts';
import type { Bounds, LatLng } from '../search/query-string.ts';
import { destinationPoint } from './distance.ts';

/**
 * A square of `sizeMeters` a side centred on `center` (spec part 2 §9: a place without bounds of
 * its own gets 500 m when it is an address, 2000 m otherwise). Latitudes stop at the poles.
 */
export function boundsAround(center: LatLng, sizeMeters: number): Bounds {
  const half = sizeMeters / 2;
  const north = destinationPoint(center, 0, half).lat;
  const south = destinationPoint(center, 180, half).lat;
  const east = destinationPoint({ lat: center.lat, lng: center.lng }, 90, half).lng;
  const west = destinationPoint({ lat: center.lat, lng: center.lng }, 270, half).lng;
  return {
    ne: { lat: Math.min(90, north), lng: east },
    sw: { lat: Math.max(-90, south), lng: west },
  };
}

/** The default side of a place's bounds by its type (spec part 2 §9). */
export function defaultBoundingSize(type: string): number {
  return type === 'address' ? GEOCODER.boundingSizeAddressMeters : GEOCODER.boundingSizeOtherMeters;
}

/**
 * Bounds that fit a town of that many people: the spec's default side (2 km) for villages, growing
 * with the square root of the population (a city's area grows roughly with its population) up to
 * 40 km for the largest capitals. Madrid (3.3 M) gets about 36 km, Sevilla (0.7 M) about 17 km.
 */
export function boundingSizeForPopulation(population: number): number {
  const base = GEOCODER.boundingSizeOtherMeters;
  const size = base * Math.sqrt(Math.max(0, population) / 10_000);
  return Math.round(Math.min(40_000, Math.max(base, size)));
}

/** Whether a point lies inside bounds (bounds that cross the antimeridian included). */
export function boundsContain(bounds: Bounds, point: LatLng): boolean {
  if (point.lat > bounds.ne.lat || point.lat < bounds.sw.lat) return false;
  return bounds.sw.lng <= bounds.ne.lng
    ? point.lng >= bounds.sw.lng && point.lng <= bounds.ne.lng
    : point.lng >= bounds.sw.lng || point.lng <= bounds.ne.lng;
}
