import { CITY_PRESETS } from '@hora/core/config';
import { describe, expect, it } from 'vitest';
import {
  bboxOfBounds,
  boundsOfLeaflet,
  boundsOfPoints,
  cornersOfBounds,
  initialBounds,
  shouldFollowBounds,
  wrapLng,
} from './map-bounds.ts';

const view = (sw: [number, number], ne: [number, number]) => ({
  getSouthWest: () => ({ lat: sw[0], lng: sw[1] }),
  getNorthEast: () => ({ lat: ne[0], lng: ne[1] }),
});

describe('map view to search bounds', () => {
  it('rounds to the URL’s 8 decimals', () => {
    expect(
      boundsOfLeaflet(view([40.312061234567, -3.834061234567], [40.565981234567, -3.524641234567])),
    ).toEqual({
      ne: { lat: 40.56598123, lng: -3.52464123 },
      sw: { lat: 40.31206123, lng: -3.83406123 },
    });
  });

  it('a view panned a world east reads as the same place', () => {
    expect(boundsOfLeaflet(view([40, 356], [41, 357]))).toEqual({
      ne: { lat: 41, lng: -3 },
      sw: { lat: 40, lng: -4 },
    });
  });

  it('a view across the antimeridian keeps ne west of sw', () => {
    expect(boundsOfLeaflet(view([-20, 170], [-10, 190]))).toEqual({
      ne: { lat: -10, lng: -170 },
      sw: { lat: -20, lng: 170 },
    });
  });

  it('a view wider than the world asks for every longitude, and latitudes stay on the globe', () => {
    expect(boundsOfLeaflet(view([-95, -300], [95, 300]))).toEqual({
      ne: { lat: 90, lng: 180 },
      sw: { lat: -90, lng: -180 },
    });
  });

  it('wraps longitudes into -180…180', () => {
    expect(wrapLng(181)).toBe(-179);
    expect(wrapLng(-181)).toBe(179);
    expect(wrapLng(540)).toBe(180 - 360);
    expect(wrapLng(12.5)).toBe(12.5);
  });
});

describe('search bounds to a clustering box', () => {
  it('is [west, south, east, north]', () => {
    expect(bboxOfBounds({ ne: { lat: 41, lng: -3 }, sw: { lat: 40, lng: -4 } })).toEqual([-4, 40, -3, 41]);
  });
});

describe('search bounds to map corners', () => {
  it('gives Leaflet [[south, west], [north, east]]', () => {
    expect(cornersOfBounds({ ne: { lat: 41, lng: -3 }, sw: { lat: 40, lng: -4 } })).toEqual([
      [40, -4],
      [41, -3],
    ]);
  });

  it('moves an antimeridian box’s east edge a world east, and back round-trips', () => {
    const bounds = { ne: { lat: -10, lng: -170 }, sw: { lat: -20, lng: 170 } };
    const corners = cornersOfBounds(bounds);
    expect(corners).toEqual([
      [-20, 170],
      [-10, 190],
    ]);
    expect(boundsOfLeaflet(view(corners[0], corners[1]))).toEqual(bounds);
  });
});

describe('where the map opens', () => {
  const madrid = CITY_PRESETS.find(({ name }) => name === 'Madrid')!;
  const box = { ne: { lat: 41, lng: 2 }, sw: { lat: 40, lng: 1 } };

  it('the search’s bounds first', () => {
    expect(initialBounds(box, [{ lat: 10, lng: 10 }])).toBe(box);
  });

  it('else around the listings', () => {
    expect(
      initialBounds(undefined, [
        { lat: 40.4, lng: -3.7 },
        { lat: 41.4, lng: 2.2 },
        { lat: 39.5, lng: -0.4 },
      ]),
    ).toEqual({ ne: { lat: 41.4, lng: 2.2 }, sw: { lat: 39.5, lng: -3.7 } });
    expect(boundsOfPoints([])).toBeNull();
  });

  it('else Madrid', () => {
    expect(initialBounds(undefined, [])).toEqual(madrid.bounds);
  });
});

describe('following a new bounds prop', () => {
  const reported = { ne: { lat: 40.5, lng: -3.6 }, sw: { lat: 40.3, lng: -3.8 } };
  const barcelona = CITY_PRESETS.find(({ name }) => name === 'Barcelona')!.bounds;

  it('does not move for the box the map itself reported (a search on move)', () => {
    expect(shouldFollowBounds({ ...reported }, undefined, reported)).toBe(false);
  });

  it('does not move when the bounds did not change', () => {
    expect(shouldFollowBounds(barcelona, { ...barcelona }, reported)).toBe(false);
    expect(shouldFollowBounds(undefined, barcelona, reported)).toBe(false);
  });

  it('moves to a place chosen elsewhere', () => {
    expect(shouldFollowBounds(barcelona, reported, reported)).toBe(true);
    expect(shouldFollowBounds(barcelona, undefined, null)).toBe(true);
  });
});
