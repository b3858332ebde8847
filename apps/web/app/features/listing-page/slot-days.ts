import { addDays, type DateKey, startOfDayAt, type TimeOfDay, timeOfDayAt } from '@hora/core/time';

/** A free slot as `GET /api/listings/:id/time-slots` answers it (ISO instants). */
export interface TimeSlotJson {
  start: string;
  end: string;
  seats: number;
}

export interface FreeRange {
  start: TimeOfDay;
  /** '24:00' when the range runs to the end of the day. */
  end: TimeOfDay;
}

export interface SlotDay {
  date: DateKey;
  /** Free time of that day in the listing's time zone, in order; empty when the day is full or closed. */
  ranges: FreeRange[];
}

/** How many days the booking panel lists at first, and how many more "Ver más días" adds. */
export const SLOT_DAYS_STEP = 7;

/**
 * The days the panel shows: `days` from `now` (the number asked for in the page's `days` query, a
 * multiple of the step), never past the listing's booking window.
 */
export function slotDaysShown(requested: string | null, bookingWindowDays: number): number {
  const window = Math.max(1, Math.floor(bookingWindowDays));
  const asked = Number(requested);
  const steps = Number.isInteger(asked) && asked > 0 ? Math.ceil(asked / SLOT_DAYS_STEP) : 1;
  return Math.min(steps * SLOT_DAYS_STEP, window);
}

const HOUR_MS = 3_600_000;

/** The booking form loads the current and next month at first; "next month" adds one, up to the window. */
export const BOOKING_MONTHS_PARAM = 'months';
const MAX_MONTHS_AHEAD = 4;

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
  return new Date(firstOfNext + 12 * HOUR_MS);
}

/** The last day of the month `monthsAhead` after the month of `date`. */
export function lastDayOfMonthAfter(date: DateKey, monthsAhead: number): DateKey {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month + monthsAhead, 0)).toISOString().slice(0, 10);
}

/**
 * The instants to ask the API for, known before the listing is: from now past the end of the last
 * day shown in any time zone. A zone's today began at most now, and `days` local days later it is
 * at most `days` × 24 h and one daylight-saving hour on; `groupSlotsByDay` drops what lies beyond.
 * So the page asks for the listing and its slots at once.
 */
export function slotQueryRange(now: Date, days: number): { start: string; end: string } {
  return {
    start: now.toISOString(),
    end: new Date(now.getTime() + days * 24 * HOUR_MS + 2 * HOUR_MS).toISOString(),
  };
}

/**
 * Free slots grouped by local day, from `from` for `days` days. A slot that runs past midnight is
 * split between the days it touches (a day's range ends at '24:00'); days are calendar days of
 * the zone, so a daylight-saving day is 23 or 25 hours long and still one day.
 */
export function groupSlotsByDay(
  slots: readonly TimeSlotJson[],
  options: { from: DateKey; days: number; timeZone: string },
): SlotDay[] {
  const { from, days, timeZone } = options;
  const result: SlotDay[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(from, offset);
    const dayStart = startOfDayAt(date, timeZone);
    const dayEnd = startOfDayAt(addDays(date, 1), timeZone);
    const ranges: FreeRange[] = [];
    for (const slot of slots) {
      const start = Math.max(Date.parse(slot.start), dayStart);
      const end = Math.min(Date.parse(slot.end), dayEnd);
      if (!(start < end) || slot.seats <= 0) continue;
      ranges.push({
        start: timeOfDayAt(start, timeZone),
        end: end === dayEnd ? '24:00' : timeOfDayAt(end, timeZone),
      });
    }
    ranges.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    result.push({ date, ranges });
  }
  return result;
}

/** "Lun, 24 nov": a day of the panel, read in the visitor's language (the date is already local). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function formatSlotDay(date: DateKey, locale: string): string {
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
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
