import { describe, expect, it } from 'vitest';
import { boundingSizeForPopulation, boundsAround, boundsContain, defaultBoundingSize } from './bounds.ts';
import { destinationPoint, distanceMeters, wrapLongitude } from './distance.ts';

const MADRID = { lat: 40.4165, lng: -3.70256 };
const BARCELONA = { lat: 41.38879, lng: 2.15899 };

describe('distances on the spec earth (6371 km)', () => {
  it('measures Madrid to Barcelona as about 504 km', () => {
    expect(distanceMeters(MADRID, BARCELONA) / 1000).toBeCloseTo(504, 0);
  });

  it('is zero from a point to itself and symmetric', () => {
    expect(distanceMeters(MADRID, MADRID)).toBe(0);
    expect(distanceMeters(MADRID, BARCELONA)).toBeCloseTo(distanceMeters(BARCELONA, MADRID), 6);
  });

  it.each([
    [0, 1000],
    [90, 1000],
    [215, 2500],
  ])('travels %i° for %i m and lands that far away', (bearing, meters) => {
    expect(distanceMeters(MADRID, destinationPoint(MADRID, bearing, meters))).toBeCloseTo(meters, 3);
  });

  it('goes north by increasing the latitude only', () => {
    const north = destinationPoint(MADRID, 0, 1000);
    expect(north.lng).toBeCloseTo(MADRID.lng, 9);
    expect(north.lat).toBeGreaterThan(MADRID.lat);
  });

  it('folds longitudes across the antimeridian', () => {
    expect(wrapLongitude(181)).toBe(-179);
    expect(wrapLongitude(-181)).toBe(179);
    expect(wrapLongitude(180)).toBe(180);
    expect(destinationPoint({ lat: 0, lng: 179.999 }, 90, 1000).lng).toBeLessThan(-179.99);
  });
});

describe('bounds', () => {
  it('draws a square of the given side around the centre', () => {
    const bounds = boundsAround(MADRID, 2000);
    expect(distanceMeters(bounds.sw, { lat: bounds.ne.lat, lng: bounds.sw.lng })).toBeCloseTo(2000, 0);
    expect(
      distanceMeters({ lat: MADRID.lat, lng: bounds.sw.lng }, { lat: MADRID.lat, lng: bounds.ne.lng }),
    ).toBeCloseTo(2000, 0);
    expect(boundsContain(bounds, MADRID)).toBe(true);
    expect(boundsContain(bounds, BARCELONA)).toBe(false);
  });

  it('uses the spec defaults: 500 m for an address, 2000 m for anything else', () => {
    expect(defaultBoundingSize('address')).toBe(500);
    expect(defaultBoundingSize('city')).toBe(2000);
  });

  it.each([
    [0, 2000],
    [5_000, 2000],
    [40_000, 4000],
    [700_000, 16733],
    [3_255_944, 36088],
    [20_000_000, 40000],
  ])('sizes a place of %i people at %i m', (population, size) => {
    expect(boundingSizeForPopulation(population)).toBe(size);
  });

  it('contains points in bounds that cross the antimeridian', () => {
    const bounds = { ne: { lat: 10, lng: -170 }, sw: { lat: -10, lng: 170 } };
    expect(boundsContain(bounds, { lat: 0, lng: 175 })).toBe(true);
    expect(boundsContain(bounds, { lat: 0, lng: -175 })).toBe(true);
    expect(boundsContain(bounds, { lat: 0, lng: 0 })).toBe(false);
  });
});
