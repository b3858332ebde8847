import { DATE_FILTER, GEOCODER, KEYWORDS, PRICE_FILTER } from '../config/constants.ts';
import { toMinorUnits } from '../money/money.ts';
import { addDays } from '../time/calendar.ts';
import type { DateRange, PriceRange } from './search-query.ts';

export interface PriceBounds {
  min: number;
  max: number;
}

const DEFAULT_BOUNDS: PriceBounds = { min: PRICE_FILTER.min, max: PRICE_FILTER.max };

/** Min field: an integer clamped to [bounds.min, currentMax]; not a number → empty. */
export function parseMinPrice(
  value: string,
  currentMax: number,
  bounds: PriceBounds = DEFAULT_BOUNDS,
): number | '' {
  const parsed = Number.parseInt(value, 10);
  if (Number.isNaN(parsed)) return '';
  return Math.min(Math.max(parsed, bounds.min), currentMax);
}

/** Max field: an integer clamped to [currentMin, bounds.max]; not a number → empty. */
export function parseMaxPrice(
  value: string,
  currentMin: number,
  bounds: PriceBounds = DEFAULT_BOUNDS,
): number | '' {
  const parsed = Number.parseInt(value, 10);
  if (Number.isNaN(parsed)) return '';
  return Math.max(Math.min(parsed, bounds.max), currentMin);
}

/** On submit an empty field falls back to its bound. */
export function submittedPriceRange(
  values: { min: number | ''; max: number | '' },
  bounds: PriceBounds = DEFAULT_BOUNDS,
): PriceRange {
  return {
    min: values.min === '' ? bounds.min : values.min,
    max: values.max === '' ? bounds.max : values.max,
  };
}

/**
 * The URL range is in whole currency units and inclusive; the search API takes minor units
 * and an exclusive upper bound, hence + 1.
 */
export function priceRangeToApi(
  range: PriceRange,
  currency: string,
): { minMinor: number; maxMinorExclusive: number } {
  return {
    minMinor: toMinorUnits(range.min, currency),
    maxMinorExclusive: toMinorUnits(range.max, currency) + 1,
  };
}

/** Short keywords wait 2 s (the user is probably still typing), others the 600 ms debounce. */
export function keywordDelayMs(text: string): number {
  return text.trim().length < KEYWORDS.minLength ? KEYWORDS.shortWaitMs : KEYWORDS.debounceMs;
}

/** Place predictions: 300 ms debounce from 3 characters, 1 s for shorter text. */
export function placeSearchDelayMs(text: string): number {
  return text.trim().length < GEOCODER.shortQueryLength ? GEOCODER.shortQueryWaitMs : GEOCODER.debounceMs;
}

/** The duration select is usable only once dates are chosen. */
export function isDurationSelectable(dates: DateRange | null | undefined): boolean {
  return Boolean(dates);
}

export interface AvailabilityFilter {
  availability: typeof DATE_FILTER.availability;
  start: Date;
  end: Date;
  minDuration?: number;
}

/** Date filter for the search API: whole days in the search zone (UTC), end exclusive. */
export function datesToAvailabilityFilter(dates: DateRange, minDuration?: number): AvailabilityFilter {
  return {
    availability: DATE_FILTER.availability,
    start: new Date(`${dates.start}T00:00:00.000Z`),
    end: new Date(`${addDays(dates.end, 1)}T00:00:00.000Z`),
    ...(minDuration !== undefined && minDuration > 0 ? { minDuration } : {}),
  };
}

export type PaginationItem = number | 'gap';

/** First, last and the current page with its neighbours, with gaps between. */
export function paginationItems(page: number, totalPages: number): PaginationItem[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(page, 1), totalPages);
  const pages = [...new Set([1, current - 1, current, current + 1, totalPages])]
    .filter((p) => p >= 1 && p <= totalPages)
    .sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  pages.forEach((p, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && p - previous > 1) items.push('gap');
    items.push(p);
  });
  return items;
}
