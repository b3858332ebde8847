import { parseSearchQuery } from '@hora/core/search';
import { describe, expect, it } from 'vitest';
import { dayOfMonthIn, tileOrder, tileSearchPath } from './location-tiles.ts';

describe('tileOrder', () => {
  it.each([
    [1, ['sala', 'cocina', 'gimnasio']],
    [5, ['sala', 'cocina', 'gimnasio']],
    [2, ['cocina', 'gimnasio', 'sala']],
    [6, ['cocina', 'gimnasio', 'sala']],
    [30, ['cocina', 'gimnasio', 'sala']],
    [3, ['gimnasio', 'sala', 'cocina']],
    [9, ['gimnasio', 'sala', 'cocina']],
    [27, ['gimnasio', 'sala', 'cocina']],
  ])('orders the tiles for day %i', (day, order) => {
    expect(tileOrder(day)).toEqual(order);
  });
});

describe('tileSearchPath', () => {
  it.each(['sala', 'cocina', 'gimnasio'] as const)(
    'searches Madrid’s preset area on the map for %s',
    (category) => {
      const url = new URL(tileSearchPath(category), 'http://hora.test');
      expect(url.pathname).toBe('/s');
      expect(url.searchParams.get('pub_category')).toBe(category);
      expect(url.searchParams.get('mapSearch')).toBe('true');
      expect(url.searchParams.get('address')).toBe('Madrid, Comunidad de Madrid, España');
      expect(url.searchParams.get('bounds')).toBe('40.56598,-3.52464,40.31206,-3.83406');
      expect(parseSearchQuery(url.search)).toEqual({
        address: 'Madrid, Comunidad de Madrid, España',
        bounds: { ne: { lat: 40.56598, lng: -3.52464 }, sw: { lat: 40.31206, lng: -3.83406 } },
        mapSearch: true,
        pub_category: [category],
      });
    },
  );
});

describe('dayOfMonthIn', () => {
  it('uses the date in the given time zone, not UTC', () => {
    // 23:30 UTC on the 30th is already the 31st in Madrid (UTC+1 in winter).
    expect(dayOfMonthIn('Europe/Madrid', new Date('2026-01-30T23:30:00Z'))).toBe(31);
    expect(dayOfMonthIn('UTC', new Date('2026-01-30T23:30:00Z'))).toBe(30);
  });
});
