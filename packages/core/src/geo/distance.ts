import { MAP } from '../config/constants.ts';
import type { LatLng } from '../search/query-string.ts';

const RADIANS = Math.PI / 180;
const DEGREES = 180 / Math.PI;

/** Earth's mean radius in metres (spec part 2 §9: 6371 km). */
export const EARTH_RADIUS_METERS = MAP.earthRadiusKm * 1000;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(from: LatLng, to: LatLng, radius: number = EARTH_RADIUS_METERS): number {
  const dLat = (to.lat - from.lat) * RADIANS;
  const dLng = (to.lng - from.lng) * RADIANS;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.lat * RADIANS) * Math.cos(to.lat * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * radius * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Longitude folded into -180..180 (a point east of the antimeridian comes back west of it). */
export function wrapLongitude(lng: number): number {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lng > 0 ? 180 : wrapped;
}

/**
 * The point reached by travelling `meters` from `from` on the initial bearing `bearingDegrees`
 * (0 = north, 90 = east) along a great circle.
 */
export function destinationPoint(
  from: LatLng,
  bearingDegrees: number,
  meters: number,
  radius: number = EARTH_RADIUS_METERS,
): LatLng {
  const angular = meters / radius;
  const bearing = bearingDegrees * RADIANS;
  const lat1 = from.lat * RADIANS;
  const lng1 = from.lng * RADIANS;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: lat2 * DEGREES, lng: wrapLongitude(lng2 * DEGREES) };
}
