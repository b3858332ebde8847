import { type Category, isCategory, PEOPLE_FILTER, PRICE_FILTER } from '@hora/core/config';
import {
  type Bounds,
  DEFAULT_PRICE_RANGE,
  parseDatesParam,
  parseSearchQuery,
  parseTimesParam,
  type SearchQuery,
  stringifySearchQuery,
  withinDatesFilter,
  withinKeywordsLimit,
} from '@hora/core/search';

/** The search page's path for a query (`/s`, or `/s?…` in the URL's fixed key order). */
export function searchHref(query: SearchQuery): string {
  const search = stringifySearchQuery(query);
  return search ? `/s?${search}` : '/s';
}

/** A page of the same results: every filter kept, page 1 written as no page at all. */
export function pageHref(query: SearchQuery, page: number): string {
  const { page: _current, ...rest } = query;
  return searchHref(page > 1 ? { ...rest, page } : rest);
}

/** Another filter set: a new result set starts at its first page. */
export function withFilters(query: SearchQuery, patch: Partial<SearchQuery>): SearchQuery {
  const next: SearchQuery = { ...query, ...patch };
  delete next.page;
  for (const key of Object.keys(next) as (keyof SearchQuery)[]) {
    if (next[key] === undefined) delete next[key];
  }
  return next;
}

/** The map was moved with "search as I move the map" on: the same filters within its new bounds. */
export function boundsQuery(query: SearchQuery, bounds: Bounds): SearchQuery {
  return withFilters(query, { bounds, mapSearch: true });
}

/**
 * Where a move of the map leads: with map search on, the same query within the new bounds from
 * page 1; with it off, nowhere (the map's own "search this area" turns it on).
 */
export function mapMoveQuery(query: SearchQuery, bounds: Bounds): SearchQuery | null {
  return query.mapSearch ? boundsQuery(query, bounds) : null;
}

/** Every filter of the page cleared; the place (address, origin, bounds) and the map mode stay. */
export function withoutFilters(query: SearchQuery): SearchQuery {
  const { address, origin, bounds, mapSearch } = query;
  return withFilters({}, { address, origin, bounds, mapSearch });
}

/**
 * The filter controls' values as form fields hold them (text, split ranges), so a half-typed range
 * can be edited; `queryWithValues` turns them back into a valid query.
 */
export interface FilterValues {
  keywords: string;
  dateStart: string;
  dateEnd: string;
  minDuration: string;
  timeStart: string;
  timeEnd: string;
  people: string;
  priceMin: number | '';
  priceMax: number | '';
  categories: Category[];
}

/** The form fields of the filters: a GET form without JavaScript sends these names. */
export const FORM_ONLY_FIELDS = [
  'dateStart',
  'dateEnd',
  'timeStart',
  'timeEnd',
  'priceMin',
  'priceMax',
] as const;

export function valuesOfQuery(query: SearchQuery): FilterValues {
  return {
    keywords: query.keywords ?? '',
    dateStart: query.dates?.start ?? '',
    dateEnd: query.dates?.end ?? '',
    minDuration: query.dates && query.minDuration ? String(query.minDuration) : '0',
    timeStart: query.times?.start ?? '',
    timeEnd: query.times?.end ?? '',
    people: query.people ? String(query.people) : '',
    priceMin: query.price?.min ?? '',
    priceMax: query.price?.max ?? '',
    categories: query.pub_category ?? [],
  };
}

/**
 * The query the values stand for, on top of `base` (place, map, sort), from page 1. What does not
 * make a valid filter is left out: one date means that day, two dates in either order the days
 * between them, a range ends within the filter's longest span, hours need dates and a start before the
 * end, the full price range is no filter at all.
 */
export function queryWithValues(base: SearchQuery, values: FilterValues): SearchQuery {
  const start = values.dateStart || values.dateEnd;
  const end = values.dateEnd || values.dateStart;
  // Two dates the wrong way round are still the days between them.
  const range = start ? (parseDatesParam(`${start},${end}`) ?? parseDatesParam(`${end},${start}`)) : null;
  const dates = range ? withinDatesFilter(range) : undefined;
  const times =
    dates && values.timeStart && values.timeEnd
      ? (parseTimesParam(`${values.timeStart},${values.timeEnd}`) ?? undefined)
      : undefined;
  const duration = Number(values.minDuration);
  const people = Number.parseInt(values.people, 10);
  const min = values.priceMin === '' ? DEFAULT_PRICE_RANGE.min : values.priceMin;
  const max = values.priceMax === '' ? DEFAULT_PRICE_RANGE.max : values.priceMax;
  const price = min <= max && (min > PRICE_FILTER.min || max < PRICE_FILTER.max) ? { min, max } : undefined;
  return withFilters(base, {
    keywords: withinKeywordsLimit(values.keywords) || undefined,
    dates,
    minDuration: dates && Number.isInteger(duration) && duration > 0 ? duration : undefined,
    times,
    people:
      Number.isInteger(people) && people >= PEOPLE_FILTER.min
        ? Math.min(people, PEOPLE_FILTER.max)
        : undefined,
    price,
    pub_category: values.categories.length > 0 ? values.categories : undefined,
  });
}

/**
 * The address a GET form of the filters sent (split dates, hours and prices, one `pub_category` per
 * box), written as the page's own URL; null when the URL is already the page's own.
 */
export function canonicalFormHref(url: URL): string | null {
  const params = url.searchParams;
  const categories = params.getAll('pub_category');
  const formSent = FORM_ONLY_FIELDS.some((field) => params.has(field)) || categories.length > 1;
  if (!formSent) return null;
  const base = parseSearchQuery(url.search);
  const number = (name: string): number | '' => {
    const value = Number.parseInt(params.get(name) ?? '', 10);
    return Number.isNaN(value) ? '' : Math.min(Math.max(value, PRICE_FILTER.min), PRICE_FILTER.max);
  };
  const values: FilterValues = {
    keywords: params.get('keywords') ?? '',
    dateStart: params.get('dateStart') ?? '',
    dateEnd: params.get('dateEnd') ?? '',
    minDuration: params.get('minDuration') ?? '0',
    timeStart: params.get('timeStart') ?? '',
    timeEnd: params.get('timeEnd') ?? '',
    people: params.get('people') ?? '',
    priceMin: number('priceMin'),
    priceMax: number('priceMax'),
    categories: [
      ...new Set(categories.flatMap((value) => value.split(',')).filter((value) => isCategory(value))),
    ] as Category[],
  };
  return searchHref(queryWithValues(base, values));
}
