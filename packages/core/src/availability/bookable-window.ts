import { MARKETPLACE } from '../config/constants.ts';
import { addDays, compareDateKeys, type DateKey } from '../time/calendar.ts';
import { dateKeyAt, startOfDayAt } from '../time/zoned.ts';
import type { TimeSlot } from './slots.ts';
import { timeSlotsOnDate } from './slots.ts';

export interface BookableWindow {
  /** Today, in the listing's zone. */
  readonly firstDay: DateKey;
  /** Today + (days − 1): with 90 days, today + 89. */
  readonly lastDay: DateKey;
  /** Time-slot query range: from now to the end of the last day. */
  readonly start: Date;
  readonly end: Date;
}

export function bookableWindow(
  now: Date,
  timeZone: string,
  days: number = MARKETPLACE.daysAvailableForBooking,
): BookableWindow {
  if (!Number.isInteger(days) || days < 1)
    throw new RangeError('Days available for booking must be at least 1');
  const firstDay = dateKeyAt(now.getTime(), timeZone);
  const lastDay = addDays(firstDay, days - 1);
  return { firstDay, lastDay, start: now, end: new Date(startOfDayAt(addDays(lastDay, 1), timeZone)) };
}

export function isInWindow(date: DateKey, window: BookableWindow): boolean {
  return compareDateKeys(date, window.firstDay) >= 0 && compareDateKeys(date, window.lastDay) <= 0;
}

/** A day is blocked outside the window or when no free slot touches it. */
export function isDayBlocked(
  date: DateKey,
  slots: readonly TimeSlot[],
  window: BookableWindow,
  timeZone: string,
) {
  return !isInWindow(date, window) || timeSlotsOnDate(slots, date, timeZone).length === 0;
}

/** Is any day in [start, end] blocked? Moving the start earlier over one resets the end. */
export function isBlockedBetween(
  start: DateKey,
  end: DateKey,
  isBlocked: (date: DateKey) => boolean,
): boolean {
  for (let date = start; compareDateKeys(date, end) <= 0; date = addDays(date, 1)) {
    if (isBlocked(date)) return true;
  }
  return false;
}

/**
 * Date-range rule of the booking form: when the new start is before the previous start and a
 * blocked day lies between it and the chosen end, the end is cleared.
 */
export function shouldResetEndDate(
  previousStart: DateKey | null,
  nextStart: DateKey,
  end: DateKey | null,
  isBlocked: (date: DateKey) => boolean,
): boolean {
  if (end === null || previousStart === null) return false;
  if (compareDateKeys(nextStart, previousStart) >= 0) return false;
  return isBlockedBetween(nextStart, end, isBlocked);
}

export const DATE_RANGE_UNITS = {
  day: { minimumNights: 0, storedEndShiftDays: 1 },
  night: { minimumNights: 1, storedEndShiftDays: 0 },
} as const;

/** Day units show the last day booked but store the exclusive end: one day later. */
export function storedEndDate(displayEnd: DateKey, unit: keyof typeof DATE_RANGE_UNITS): DateKey {
  return addDays(displayEnd, DATE_RANGE_UNITS[unit].storedEndShiftDays);
}

export function displayEndDate(storedEnd: DateKey, unit: keyof typeof DATE_RANGE_UNITS): DateKey {
  return addDays(storedEnd, -DATE_RANGE_UNITS[unit].storedEndShiftDays);
}
