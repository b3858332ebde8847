import { BOOKING_RULE_LIMITS } from '@hora/core/config';
import type { DateKey } from '@hora/core/time';

export { BOOKING_MONTHS_PARAM } from './booking-form.tsx';

/**
 * The listing page loader's side of the booking form: the months of free slots it asks for and
 * the days' names. Server code: the page's first script carries none of it.
 */

/** A free slot as `GET /api/listings/:id/time-slots` answers it (ISO instants). */
export interface TimeSlotJson {
  start: string;
  end: string;
  seats: number;
}

const HOUR_MS = 3_600_000;

/** Three months after the current one reach past any 90-day window (spec part 2 §9). */
const MAX_MONTHS_AHEAD = 3;
/** The time-slots API answers at most 100 days at once; the window is at most 90 days long. */
const MAX_QUERY_MS = (BOOKING_RULE_LIMITS.bookingWindowMaxDays + 2) * 24 * HOUR_MS;

/** How many months after the current one the booking form has loaded (1: the current and the next). */
export function bookingMonthsShown(requested: string | null): number {
  const asked = Number(requested);
  return Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_MONTHS_AHEAD) : 1;
}

/**
 * The end of the last month loaded, in any time zone: the month is counted from the earliest
 * zone's calendar (14 hours ahead of UTC), and its end from the latest (12 hours behind).
 */
export function monthsQueryEnd(now: Date, monthsAhead: number): Date {
  const ahead = new Date(now.getTime() + 14 * HOUR_MS);
  const firstOfNext = Date.UTC(ahead.getUTCFullYear(), ahead.getUTCMonth() + monthsAhead + 1, 1);
  return new Date(Math.min(firstOfNext + 12 * HOUR_MS, now.getTime() + MAX_QUERY_MS));
}

/** The last day of the month `monthsAhead` after the month of `date`. */
export function lastDayOfMonthAfter(date: DateKey, monthsAhead: number): DateKey {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month + monthsAhead, 0)).toISOString().slice(0, 10);
}

/** "Lun, 24 nov": a day of the panel, read in the visitor's language (the date is already local). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The labels already made, per language: every listing page names the same few months of days, and
 * formatting a date costs more than the rest of the day's row. The cache is emptied when it
 * reaches its bound (a year and a half of days in a language).
 */
const dayLabels = new Map<string, Map<DateKey, string>>();
const DAY_LABELS_KEPT = 550;

export function formatSlotDay(date: DateKey, locale: string): string {
  let labels = dayLabels.get(locale);
  if (!labels) {
    labels = new Map();
    dayLabels.set(locale, labels);
  }
  const known = labels.get(date);
  if (known !== undefined) return known;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // One formatter per locale, kept: building it costs more than the rest of the day's row.
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    dayFormats.set(locale, format);
  }
  const text = format.format(Date.UTC(year, month - 1, day, 12));
  const label = text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  if (labels.size >= DAY_LABELS_KEPT) labels.clear();
  labels.set(date, label);
  return label;
}
