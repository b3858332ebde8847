import { describe, expect, it } from 'vitest';
import {
  datesToAvailabilityFilter,
  isDurationSelectable,
  keywordDelayMs,
  paginationItems,
  parseMaxPrice,
  parseMinPrice,
  placeSearchDelayMs,
  priceRangeToApi,
  submittedPriceRange,
} from './filters.ts';

describe('price filter', () => {
  it.each([
    ['50', 200, 50],
    ['-5', 200, 0],
    ['300', 200, 200],
    ['12.7', 200, 12],
    ['abc', 200, ''],
    ['', 200, ''],
  ])('min %j with max %i → %j', (value, currentMax, expected) => {
    expect(parseMinPrice(value, currentMax)).toBe(expected);
  });

  it.each([
    ['500', 100, 500],
    ['50', 100, 100],
    ['5000', 100, 1000],
    ['x', 100, ''],
  ])('max %j with min %i → %j', (value, currentMin, expected) => {
    expect(parseMaxPrice(value, currentMin)).toBe(expected);
  });

  it('accepts other bounds and falls back to them on submit', () => {
    expect(parseMaxPrice('20000000', 0, { min: 0, max: 10_000_000 })).toBe(10_000_000);
    expect(submittedPriceRange({ min: '', max: '' })).toEqual({ min: 0, max: 1000 });
    expect(submittedPriceRange({ min: 10, max: '' })).toEqual({ min: 10, max: 1000 });
    expect(submittedPriceRange({ min: 10, max: 20 }, { min: 0, max: 50 })).toEqual({ min: 10, max: 20 });
  });

  it('sends minor units with an exclusive upper bound to the API', () => {
    expect(priceRangeToApi({ min: 10, max: 50 }, 'EUR')).toEqual({ minMinor: 1000, maxMinorExclusive: 5001 });
    expect(priceRangeToApi({ min: 1000, max: 5000 }, 'JPY')).toEqual({
      minMinor: 1000,
      maxMinorExclusive: 5001,
    });
  });
});

describe('timing rules', () => {
  it.each([
    ['sa', 2000],
    ['  sa  ', 2000],
    ['sal', 600],
    ['sala grande', 600],
  ])('keyword %j waits %i ms', (text, ms) => {
    expect(keywordDelayMs(text)).toBe(ms);
  });

  it.each([
    ['Ma', 1000],
    ['Mad', 300],
  ])('place search %j waits %i ms', (text, ms) => {
    expect(placeSearchDelayMs(text)).toBe(ms);
  });
});

describe('date filter', () => {
  it('enables the duration only with dates', () => {
    expect(isDurationSelectable(null)).toBe(false);
    expect(isDurationSelectable({ start: '2026-03-29', end: '2026-03-29' })).toBe(true);
  });

  it('turns dates into an exclusive UTC range with the minimum duration', () => {
    expect(datesToAvailabilityFilter({ start: '2026-03-29', end: '2026-03-30' }, 60)).toEqual({
      availability: 'time-partial',
      start: new Date('2026-03-29T00:00:00Z'),
      end: new Date('2026-03-31T00:00:00Z'),
      minDuration: 60,
    });
    expect(datesToAvailabilityFilter({ start: '2026-10-25', end: '2026-10-25' }, 0)).toEqual({
      availability: 'time-partial',
      start: new Date('2026-10-25T00:00:00Z'),
      end: new Date('2026-10-26T00:00:00Z'),
    });
  });
});

describe('pagination', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [1, 10, [1, 2, 'gap', 10]],
    [10, 10, [1, 'gap', 9, 10]],
    [3, 10, [1, 2, 3, 4, 'gap', 10]],
    [99, 4, [1, 'gap', 3, 4]],
    [1, 0, []],
  ])('page %i of %i → %j', (page, total, items) => {
    expect(paginationItems(page, total)).toEqual(items);
  });
});
