import { MAP } from '../config/constants.ts';

export interface Point {
  lat: number;
  lng: number;
}

/**
 * How far the host may drag the pin from the place the address resolved to: far enough for a
 * city-level gazetteer hit and the door across town, not so far that the address lies.
 */
export const PIN_MAX_DISTANCE_KM = 25;

/** Great-circle distance (haversine), in kilometres. */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * MAP.earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a dragged pin stays near the place its address names. */
export function isPinNearPlace(pin: Point, place: Point, maxKm: number = PIN_MAX_DISTANCE_KM): boolean {
  return distanceKm(pin, place) <= maxKm;
}
