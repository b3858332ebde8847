import { CITY_PRESETS } from '@hora/core/config';
import { type Bounds, encodeBounds, type LatLng, roundCoordinate } from '@hora/core/search';

/** What Leaflet's `LatLngBounds` offers (kept structural so the logic is tested without Leaflet). */
export interface LatLngBoundsLike {
  getNorthEast(): LatLng;
  getSouthWest(): LatLng;
}

/** Leaflet's `[[south, west], [north, east]]` corners. */
export type CornerTuple = [[number, number], [number, number]];

const MAX_LAT = 90;

function clampLat(lat: number): number {
  return Math.min(MAX_LAT, Math.max(-MAX_LAT, lat));
}

/** A longitude from a map panned around the world (e.g. 190) back into -180…180. */
export function wrapLng(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/**
 * The map's view as the search's bounds, rounded like the URL (8 decimals). A view wider than the
 * world asks for all longitudes; one across the antimeridian keeps ne east of sw's wrap-around
 * (ne.lng < sw.lng), which the search API reads as crossing it.
 */
export function boundsOfLeaflet(view: LatLngBoundsLike): Bounds {
  const ne = view.getNorthEast();
  const sw = view.getSouthWest();
  const wide = ne.lng - sw.lng >= 360;
  return {
    ne: { lat: roundCoordinate(clampLat(ne.lat)), lng: roundCoordinate(wide ? 180 : wrapLng(ne.lng)) },
    sw: { lat: roundCoordinate(clampLat(sw.lat)), lng: roundCoordinate(wide ? -180 : wrapLng(sw.lng)) },
  };
}

/**
 * The search's bounds as Leaflet corners. Bounds across the antimeridian (ne west of sw) get ne moved
 * a world east, so Leaflet fits the narrow box over the date line, not the rest of the world.
 */
export function cornersOfBounds(bounds: Bounds): CornerTuple {
  const east = bounds.ne.lng < bounds.sw.lng ? bounds.ne.lng + 360 : bounds.ne.lng;
  return [
    [bounds.sw.lat, bounds.sw.lng],
    [bounds.ne.lat, east],
  ];
}

/** The smallest box around some points, or null for none. */
export function boundsOfPoints(points: readonly LatLng[]): Bounds | null {
  if (points.length === 0) return null;
  const lats = points.map(({ lat }) => lat);
  const lngs = points.map(({ lng }) => lng);
  return {
    ne: { lat: Math.max(...lats), lng: Math.max(...lngs) },
    sw: { lat: Math.min(...lats), lng: Math.min(...lngs) },
  };
}

const MADRID = CITY_PRESETS.find(({ name }) => name === 'Madrid') as (typeof CITY_PRESETS)[number];

/** Where the map opens: the search's box, else around its listings, else Madrid. */
export function initialBounds(bounds: Bounds | undefined, points: readonly LatLng[]): Bounds {
  return bounds ?? boundsOfPoints(points) ?? MADRID.bounds;
}

/** Two bounds equal once rounded as the URL rounds them. */
export function sameBounds(one: Bounds | undefined | null, two: Bounds | undefined | null): boolean {
  if (!one || !two) return one === two;
  return encodeBounds(one) === encodeBounds(two);
}

/**
 * Whether a new `bounds` prop should move the map: not when it is the box the map itself reported
 * (a search the map made, or the view it already shows), only when it came from elsewhere (a place
 * picked in the top bar).
 */
export function shouldFollowBounds(
  next: Bounds | undefined,
  previous: Bounds | undefined,
  reported: Bounds | null,
): next is Bounds {
  if (!next || sameBounds(next, previous)) return false;
  return !sameBounds(next, reported);
}

/** Bounds as supercluster's box, [west, south, east, north] (west > east across the antimeridian). */
export function bboxOfBounds(bounds: Bounds): [number, number, number, number] {
  return [bounds.sw.lng, bounds.sw.lat, bounds.ne.lng, bounds.ne.lat];
}
