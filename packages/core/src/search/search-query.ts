import { type Category, isCategory } from '../config/categories.ts';
import { DATES_FILTER, KEYWORDS, PEOPLE_FILTER, PRICE_FILTER, type SortKey } from '../config/constants.ts';
import {
  addDays,
  compareDateKeys,
  type DateKey,
  isDateKey,
  isTimeOfDay,
  minutesOfTime,
  type TimeOfDay,
} from '../time/calendar.ts';
import {
  type Bounds,
  decodeBounds,
  decodeLatLng,
  encodeBounds,
  encodeLatLng,
  type LatLng,
  parseQueryString,
  parseQueryValue,
  type QueryValue,
  stringifyQuery,
} from './query-string.ts';
import { isSortKey } from './sort.ts';

export interface PriceRange {
  min: number;
  max: number;
}

export interface DateRange {
  start: DateKey;
  end: DateKey;
}

/**
 * Hours of each day of the date range (beyond the spec: "Saturday 10:00–14:00"), in the listing's
 * time zone; the end may be '24:00' and is after the start.
 */
export interface TimeWindow {
  start: TimeOfDay;
  end: TimeOfDay;
}

/** The search page's URL state (spec part 1 §3, search params). Prices are in major units. */
export interface SearchQuery {
  page?: number;
  perPage?: number;
  address?: string;
  origin?: LatLng;
  bounds?: Bounds;
  mapSearch?: boolean;
  keywords?: string;
  price?: PriceRange;
  dates?: DateRange;
  minDuration?: number;
  /** Hours within each day of `dates` (only with dates). */
  times?: TimeWindow;
  /** At least this many people (the listing's capacity). */
  people?: number;
  pub_category?: Category[];
  sort?: SortKey;
}

const positiveInteger = (value: QueryValue): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;

export function parsePriceParam(text: string): PriceRange | null {
  const parts = text.split(',').map((p) => parseQueryValue(p.trim()));
  if (parts.length !== 2) return null;
  const [min, max] = parts;
  if (typeof min !== 'number' || typeof max !== 'number' || min < 0 || max < min) return null;
  return { min, max };
}

export function parseDatesParam(text: string): DateRange | null {
  const [start, end, ...rest] = text.split(',');
  if (rest.length > 0 || !isDateKey(start) || !isDateKey(end) || compareDateKeys(end, start) < 0) return null;
  return { start, end };
}

/** A range of dates cut to the date filter's longest span (`DATES_FILTER.maxDays` days from its start). */
export function withinDatesFilter(dates: DateRange): DateRange {
  const last = addDays(dates.start, DATES_FILTER.maxDays - 1);
  return compareDateKeys(dates.end, last) > 0 ? { start: dates.start, end: last } : dates;
}

/** 'HH:MM,HH:MM': a start before an end within one day (the end may be 24:00). */
export function parseTimesParam(text: string): TimeWindow | null {
  const [start, end, ...rest] = text.split(',');
  if (rest.length > 0 || !isTimeOfDay(start) || !isTimeOfDay(end)) return null;
  return minutesOfTime(start) < minutesOfTime(end) ? { start, end } : null;
}

/** Categories are matched any-of; Sharetribe-style 'has_any:' prefixes are accepted. */
export function parseCategoriesParam(text: string): Category[] {
  const list = text
    .replace(/^has_any:/, '')
    .split(',')
    .map((c) => c.trim());
  return [...new Set(list.filter(isCategory))];
}

/**
 * Keywords as the search takes them: trimmed, and a text longer than `KEYWORDS.maxLength` (typed
 * into the URL; the fields stop there) cut at its last whole word within it, so the page searches
 * for what its fields show rather than showing a text the search refused.
 */
export function withinKeywordsLimit(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= KEYWORDS.maxLength) return trimmed;
  const cut = trimmed.slice(0, KEYWORDS.maxLength + 1);
  const lastSpace = cut.search(/\s\S*$/);
  if (lastSpace > 0) return cut.slice(0, lastSpace).trim();
  // One long word: cut at the limit, but never between the two halves of a character (an emoji),
  // which no URL could then carry.
  const end = /[\uD800-\uDBFF]/.test(cut[KEYWORDS.maxLength - 1] ?? '')
    ? KEYWORDS.maxLength - 1
    : KEYWORDS.maxLength;
  return cut.slice(0, end);
}

/**
 * Reads the search page URL. Lenient: values that do not parse are dropped, never thrown,
 * because URLs are typed and shared by people.
 */
export function parseSearchQuery(search: string): SearchQuery {
  const raw = parseQueryString(search);
  const query: SearchQuery = {};
  const page = raw.page === undefined ? undefined : positiveInteger(parseQueryValue(raw.page));
  if (page !== undefined) query.page = page;
  const perPage = raw.perPage === undefined ? undefined : positiveInteger(parseQueryValue(raw.perPage));
  if (perPage !== undefined) query.perPage = Math.min(perPage, 100);
  if (raw.address?.trim()) query.address = raw.address.trim();
  const origin = raw.origin === undefined ? null : decodeLatLng(raw.origin);
  if (origin) query.origin = origin;
  const bounds = raw.bounds === undefined ? null : decodeBounds(raw.bounds);
  if (bounds) query.bounds = bounds;
  if (raw.mapSearch !== undefined && typeof parseQueryValue(raw.mapSearch) === 'boolean') {
    query.mapSearch = raw.mapSearch === 'true';
  }
  const keywords = raw.keywords === undefined ? '' : withinKeywordsLimit(raw.keywords);
  if (keywords) query.keywords = keywords;
  const price = raw.price === undefined ? null : parsePriceParam(raw.price);
  if (price) query.price = price;
  const dates = raw.dates === undefined ? null : parseDatesParam(raw.dates);
  if (dates) query.dates = withinDatesFilter(dates);
  const minDuration = raw.minDuration === undefined ? undefined : parseQueryValue(raw.minDuration);
  if (typeof minDuration === 'number' && Number.isInteger(minDuration) && minDuration >= 0) {
    query.minDuration = minDuration;
  }
  const times = raw.times === undefined ? null : parseTimesParam(raw.times);
  if (times && query.dates) query.times = times;
  const people = raw.people === undefined ? undefined : positiveInteger(parseQueryValue(raw.people));
  if (people !== undefined) query.people = Math.min(people, PEOPLE_FILTER.max);
  const categories = raw.pub_category === undefined ? [] : parseCategoriesParam(raw.pub_category);
  if (categories.length > 0) query.pub_category = categories;
  if (isSortKey(raw.sort)) query.sort = raw.sort;
  return query;
}

/** Writes the URL in a fixed key order so equal queries give equal URLs. */
export function stringifySearchQuery(query: SearchQuery): string {
  return stringifyQuery({
    address: query.address,
    bounds: query.bounds ? encodeBounds(query.bounds) : undefined,
    origin: query.origin ? encodeLatLng(query.origin) : undefined,
    mapSearch: query.mapSearch,
    keywords: query.keywords,
    pub_category: query.pub_category?.length ? query.pub_category.join(',') : undefined,
    price: query.price ? `${query.price.min},${query.price.max}` : undefined,
    dates: query.dates ? `${query.dates.start},${query.dates.end}` : undefined,
    minDuration: query.dates ? query.minDuration : undefined,
    times: query.dates && query.times ? `${query.times.start},${query.times.end}` : undefined,
    people: query.people,
    sort: query.sort,
    page: query.page,
    perPage: query.perPage,
  });
}

/** The landing tiles: a category search around a place, on the map. */
export function categorySearchQuery(category: Category, address: string, bounds: Bounds): SearchQuery {
  return { address, bounds, mapSearch: true, pub_category: [category] };
}

export const DEFAULT_PRICE_RANGE: PriceRange = { min: PRICE_FILTER.min, max: PRICE_FILTER.max };
