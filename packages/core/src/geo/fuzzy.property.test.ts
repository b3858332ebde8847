import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAP } from '../config/constants.ts';
import { distanceMeters } from './distance.ts';
import { circlePolygon, fuzzyCenter, fuzzyLocation, seededUnitPair } from './fuzzy.ts';

// Places people rent spaces in: away from the poles, where a 500 m circle is still a circle.
const point = fc.record({
  lat: fc.double({ min: -80, max: 80, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('fuzzy location', () => {
  it('keeps the door inside the circle for any point and seed', () => {
    fc.assert(
      fc.property(point, fc.string(), (origin, seed) => {
        const { center, radiusMeters } = fuzzyLocation(origin, seed);
        expect(radiusMeters).toBe(MAP.fuzzyOffsetMeters);
        expect(distanceMeters(origin, center)).toBeLessThanOrEqual(radiusMeters + 1e-6);
      }),
    );
  });

  it('moves the centre by offset × √u, whatever the direction', () => {
    fc.assert(
      fc.property(point, unit, unit, (origin, u, v) => {
        expect(distanceMeters(origin, fuzzyCenter(origin, [u, v], 500))).toBeCloseTo(500 * Math.sqrt(u), 3);
      }),
    );
  });

  it('gives one seed one circle, and different listings different circles', () => {
    const origin = { lat: 40.4165, lng: -3.70256 };
    expect(fuzzyLocation(origin, 'listing-a')).toEqual(fuzzyLocation(origin, 'listing-a'));
    expect(fuzzyLocation(origin, 'listing-a').center).not.toEqual(fuzzyLocation(origin, 'listing-b').center);
  });

  it('derives seeded numbers in [0, 1)', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        for (const value of seededUnitPair(seed)) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(1);
        }
      }),
    );
  });

  it('spreads seeds over the whole disc, not one side of it', () => {
    const pairs = Array.from({ length: 400 }, (_, i) => seededUnitPair(`00000000-0000-4000-8000-${i}`));
    const quadrants = new Set(pairs.map(([, v]) => Math.floor(v * 4)));
    expect(quadrants.size).toBe(4);
    const mean = pairs.reduce((sum, [u]) => sum + u, 0) / pairs.length;
    expect(mean).toBeGreaterThan(0.4);
    expect(mean).toBeLessThan(0.6);
  });
});

describe('circle polygon', () => {
  it('has a point every 8 degrees, closed, each at the radius from the centre', () => {
    fc.assert(
      fc.property(point, fc.double({ min: 10, max: 5000, noNaN: true }), (center, radius) => {
        const polygon = circlePolygon(center, radius);
        expect(polygon).toHaveLength(360 / MAP.fuzzyCircleStepDegrees + 1);
        expect(polygon.at(-1)).toEqual(polygon[0]);
        for (const vertex of polygon) expect(distanceMeters(center, vertex)).toBeCloseTo(radius, 3);
      }),
    );
  });

  it('refuses a step that would never finish the circle', () => {
    expect(() => circlePolygon({ lat: 0, lng: 0 }, 500, 0)).toThrow(RangeError);
  });
});
