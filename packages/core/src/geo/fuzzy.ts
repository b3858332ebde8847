import { MAP } from '../config/constants.ts';
import type { LatLng } from '../search/query-string.ts';
import { destinationPoint, EARTH_RADIUS_METERS } from './distance.ts';

/**
 * Fuzzy location (spec part 2 §9, off by default): a listing's public page shows a circle, not the
 * door. The circle's centre is the exact point moved by up to `offsetMeters` in a direction that
 * depends only on a seed (the listing id), so reloading the page never walks the circle around and
 * averaging many views cannot recover the door. The exact point always lies inside the circle.
 */
export interface FuzzyLocation {
  center: LatLng;
  radiusMeters: number;
}

/**
 * Two numbers in [0, 1) derived from a text (FNV-1a, then two rounds of a 32-bit mixer): the same
 * seed gives the same pair everywhere, without any randomness source in the domain core.
 */
export function seededUnitPair(seed: string): [number, number] {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  const mix = (value: number) => {
    let x = value >>> 0;
    x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
    x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
    return (x ^ (x >>> 16)) >>> 0;
  };
  const first = mix(hash);
  const second = mix(first ^ 0x9e3779b9);
  return [first / 2 ** 32, second / 2 ** 32];
}

/**
 * The centre of the fuzzy circle: `origin` moved by `offsetMeters × √u` on bearing `360° × v`.
 * The square root spreads centres evenly over the disc rather than crowding them near the door.
 */
export function fuzzyCenter(
  origin: LatLng,
  [u, v]: readonly [number, number],
  offsetMeters: number = MAP.fuzzyOffsetMeters,
): LatLng {
  return destinationPoint(origin, 360 * v, offsetMeters * Math.sqrt(u));
}

/** The circle shown instead of the exact point: its centre is at most `offsetMeters` away. */
export function fuzzyLocation(
  origin: LatLng,
  seed: string,
  offsetMeters: number = MAP.fuzzyOffsetMeters,
): FuzzyLocation {
  return { center: fuzzyCenter(origin, seededUnitPair(seed), offsetMeters), radiusMeters: offsetMeters };
}

/**
 * A circle as a closed polygon (maps draw polygons the same at every projection): a point every
 * `stepDegrees` of bearing (spec: 8), the first point repeated at the end, on a sphere of the
 * spec's earth radius (6371 km).
 */
export function circlePolygon(
  center: LatLng,
  radiusMeters: number,
  stepDegrees: number = MAP.fuzzyCircleStepDegrees,
  earthRadiusMeters: number = EARTH_RADIUS_METERS,
): LatLng[] {
  if (!(stepDegrees > 0 && stepDegrees <= 180)) throw new RangeError('stepDegrees must be in (0, 180]');
  const points: LatLng[] = [];
  for (let bearing = 0; bearing < 360; bearing += stepDegrees) {
    points.push(destinationPoint(center, bearing, radiusMeters, earthRadiusMeters));
  }
  points.push(points[0] as LatLng);
  return points;
}
