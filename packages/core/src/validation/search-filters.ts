import { z } from 'zod';
import { CATEGORIES } from '../config/categories.ts';
import { KEYWORDS, PAGE_SIZES, PEOPLE_FILTER, PRICE_FILTER, SORT } from '../config/constants.ts';
import type { PriceBounds } from '../search/filters.ts';
import { decodeBounds, decodeLatLng } from '../search/query-string.ts';
import {
  parseDatesParam,
  parsePriceParam,
  parseTimesParam,
  withinDatesFilter,
} from '../search/search-query.ts';
import { compareDateKeys, isDateKey } from '../time/calendar.ts';
import { MESSAGES as M } from './messages.ts';
import { form, optionalString } from './shared.ts';

/** Price filter form: whole units within the bounds, min not above max. */
export const priceFilterSchema = (bounds: PriceBounds = { min: PRICE_FILTER.min, max: PRICE_FILTER.max }) =>
  form({
    minPrice: z
      .number({ error: M.numberInvalid })
      .int({ error: M.numberInvalid })
      .min(bounds.min, { error: M.numberInvalid })
      .max(bounds.max, { error: M.numberInvalid }),
    maxPrice: z
      .number({ error: M.numberInvalid })
      .int({ error: M.numberInvalid })
      .min(bounds.min, { error: M.numberInvalid })
      .max(bounds.max, { error: M.numberInvalid }),
  }).refine((v) => v.minPrice <= v.maxPrice, { error: M.priceRangeInvalid, path: ['maxPrice'] });

/**
 * 'start,end' (YYYY-MM-DD): both real dates, the end not before the start, within the date
 * filter's longest span (`withinDatesFilter`).
 */
export const datesParamSchema = z.string({ error: M.required }).transform((text, ctx) => {
  const [start, end] = text.split(',');
  if (!isDateKey(start) || !isDateKey(end) || text.split(',').length !== 2) {
    ctx.addIssue({ code: 'custom', message: M.dateInvalid });
    return z.NEVER;
  }
  if (compareDateKeys(end, start) < 0) {
    ctx.addIssue({ code: 'custom', message: M.endBeforeStart });
    return z.NEVER;
  }
  if (withinDatesFilter({ start, end }).end !== end) {
    ctx.addIssue({ code: 'custom', message: M.datesRangeTooLong });
    return z.NEVER;
  }
  return parseDatesParam(text) as { start: string; end: string };
});

const fromText = <T>(parse: (text: string) => T | null, message: string = M.invalid) =>
  z.string({ error: M.invalid }).transform((text, ctx) => {
    const value = parse(text);
    if (value === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });

const intParam = (min: number, max: number) =>
  z.coerce
    .number({ error: M.numberInvalid })
    .int({ error: M.numberInvalid })
    .min(min, { error: M.numberInvalid })
    .max(max, {
      error: M.numberInvalid,
    });

/**
 * The listing search request (query string values). Strict, unlike the page's URL reader:
 * a bad value is a 400 with a field key, not silently dropped.
 */
export const searchRequestSchema = form({
  page: intParam(1, 10_000).default(1),
  perPage: intParam(1, 100).default(PAGE_SIZES.search),
  keywords: optionalString(KEYWORDS.maxLength),
  address: optionalString(500),
  origin: fromText(decodeLatLng).optional(),
  bounds: fromText(decodeBounds).optional(),
  mapSearch: z
    .enum(['true', 'false'], { error: M.invalid })
    .transform((v) => v === 'true')
    .optional(),
  price: fromText(parsePriceParam, M.priceRangeInvalid).optional(),
  dates: datesParamSchema.optional(),
  minDuration: intParam(0, 24 * 60).optional(),
  /** Hours within each day of `dates`: 'HH:MM,HH:MM' (beyond the spec). */
  times: fromText(parseTimesParam, M.timeRangeInvalid).optional(),
  /** At least this many people. */
  people: intParam(PEOPLE_FILTER.min, PEOPLE_FILTER.max).optional(),
  pub_category: z
    .string({ error: M.invalid })
    .transform((text) =>
      text
        .replace(/^has_any:/, '')
        .split(',')
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(CATEGORIES, { error: M.categoryInvalid }), { error: M.invalid }))
    .optional(),
  sort: z.enum(SORT.options, { error: M.invalid }).optional(),
});
