import { describe, expect, it } from 'vitest';
import { distanceKm, isPinNearPlace } from './location.ts';

const MADRID = { lat: 40.4168, lng: -3.7038 };

describe('pin distance', () => {
  it.each([
    [MADRID, MADRID, 0],
    // Madrid to Barcelona, about 505 km as the crow flies.
    [MADRID, { lat: 41.3874, lng: 2.1686 }, 505],
    // Across the antimeridian: 0.2° of longitude at the equator, about 22 km.
    [{ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 }, 22],
  ])('from %j to %j is about %i km', (a, b, km) => {
    expect(distanceKm(a, b)).toBeCloseTo(km, -1);
  });

  it.each([
    [{ lat: 40.45, lng: -3.69 }, true], // Chamberí, 4 km away
    [{ lat: 40.6, lng: -3.7 }, true], // 20 km north
    [{ lat: 40.67, lng: -3.7 }, false], // 28 km north
    [{ lat: 41.3874, lng: 2.1686 }, false],
  ])('a pin at %j is near Madrid: %s', (pin, near) => {
    expect(isPinNearPlace(pin, MADRID)).toBe(near);
  });
});
