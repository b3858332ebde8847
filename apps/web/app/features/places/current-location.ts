import { GEOCODER, MAP } from '@hora/core/config';
import { boundsAround, type Place } from '@hora/core/geo';

export const CURRENT_LOCATION_ID = 'current-location';

export type CurrentLocationResult = { ok: true; place: Place } | { ok: false; error: string };

/** Spec part 2 §7: high accuracy, 5 s timeout, never a cached position. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: GEOCODER.geolocationTimeoutMs,
  maximumAge: 0,
};

const ERRORS: Record<number, string> = {
  1: 'places.currentLocation.denied',
  2: 'places.currentLocation.unavailable',
  3: 'places.currentLocation.timeout',
};

/** Whether this browser can be asked for its position at all (false on the server). */
export function canLocate(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator;
}

/**
 * The visitor's position as a place named `label` ("Ubicación actual"), with bounds reaching 1 km
 * each way (spec part 2 §9: current-location bounds distance 1000). Never throws.
 */
export function locateViewer(
  label: string,
  geolocation: Geolocation | undefined = canLocate() ? navigator.geolocation : undefined,
): Promise<CurrentLocationResult> {
  if (!geolocation) return Promise.resolve({ ok: false, error: 'places.currentLocation.unsupported' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) => {
        const origin = { lat: coords.latitude, lng: coords.longitude };
        resolve({
          ok: true,
          place: {
            id: CURRENT_LOCATION_ID,
            address: label,
            origin,
            bounds: boundsAround(origin, 2 * MAP.currentLocationBoundsDistance),
            type: CURRENT_LOCATION_ID,
            countryCode: '',
          },
        });
      },
      (error) => resolve({ ok: false, error: ERRORS[error.code] ?? 'places.currentLocation.unavailable' }),
      GEOLOCATION_OPTIONS,
    );
  });
}
