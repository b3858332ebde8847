import {
  endDateOptions,
  endTimeOptions,
  isDayBlocked,
  shouldResetEndDate,
  startTimeOptions,
  type TimeOption,
  type TimeSlot,
} from '@hora/core/availability';
import { addDays, compareDateKeys, type DateKey } from '@hora/core/time';
import type { TimeSlotJson } from './slot-days.ts';

/**
 * The booking form's choice (spec part 2 §5.5), as the form holds it: dates are the listing's
 * local days, times the instants (ISO) of hourly options, so a repeated hour on the day the clocks
 * go back is still two different choices.
 */
export interface BookingSelection {
  startDate: DateKey | null;
  start: string | null;
  endDate: DateKey | null;
  end: string | null;
}

export const EMPTY_SELECTION: BookingSelection = { startDate: null, start: null, endDate: null, end: null };

/** What the rules need besides the choice: the free slots, the listing's zone and booking window. */
export interface BookingCalendar {
  slots: readonly TimeSlot[];
  timeZone: string;
  /** Today in the listing's zone, and the last day slots were loaded for (at most the window's last). */
  firstDay: DateKey;
  lastDay: DateKey;
}

export function timeSlotsOf(json: readonly TimeSlotJson[]): TimeSlot[] {
  return json
    .filter((slot) => slot.seats > 0)
    .map((slot) => ({
      type: 'time-slot/time',
      start: new Date(slot.start),
      end: new Date(slot.end),
      seats: slot.seats,
    }));
}

export function isBlockedDay(calendar: BookingCalendar, date: DateKey): boolean {
  return isDayBlocked(
    date,
    calendar.slots,
    { firstDay: calendar.firstDay, lastDay: calendar.lastDay, start: new Date(0), end: new Date(0) },
    calendar.timeZone,
  );
}

/** Every day from today to the last loaded one, with whether it can be picked. */
export function selectableDays(calendar: BookingCalendar): { date: DateKey; blocked: boolean }[] {
  const days: { date: DateKey; blocked: boolean }[] = [];
  for (let date = calendar.firstDay; compareDateKeys(date, calendar.lastDay) <= 0; date = addDays(date, 1)) {
    days.push({ date, blocked: isBlockedDay(calendar, date) });
  }
  return days;
}

export function startOptions(calendar: BookingCalendar, selection: BookingSelection): TimeOption[] {
  return selection.startDate ? startTimeOptions(calendar.slots, selection.startDate, calendar.timeZone) : [];
}

/** End dates the start's contiguous slot reaches: none until a start time is chosen. */
export function endDates(calendar: BookingCalendar, selection: BookingSelection): DateKey[] {
  if (!selection.start) return [];
  return endDateOptions(calendar.slots, new Date(selection.start), calendar.timeZone).filter(
    (date) => compareDateKeys(date, calendar.lastDay) <= 0,
  );
}

export function endOptions(calendar: BookingCalendar, selection: BookingSelection): TimeOption[] {
  if (!selection.start || !selection.endDate) return [];
  return endTimeOptions(calendar.slots, new Date(selection.start), calendar.timeZone, selection.endDate);
}

/** Whether an end still fits a start: later, and inside the start's contiguous slot. */
function endFits(calendar: BookingCalendar, start: string, end: string | null): end is string {
  if (end === null) return false;
  return endTimeOptions(calendar.slots, new Date(start), calendar.timeZone).some(
    (option) => option.instant.toISOString() === end,
  );
}

function withFirstEnd(calendar: BookingCalendar, startDate: DateKey, start: TimeOption): BookingSelection {
  const end = endTimeOptions(calendar.slots, start.instant, calendar.timeZone)[0];
  return {
    startDate,
    start: start.instant.toISOString(),
    endDate: end?.date ?? null,
    end: end?.instant.toISOString() ?? null,
  };
}

/**
 * Picking a start date selects its first free start time and the first end after it; an end
 * already chosen is kept when it still fits the new start, unless the start moved earlier over a
 * blocked day (then the end is reset too). Clearing the start clears everything.
 */
export function pickStartDate(
  calendar: BookingCalendar,
  selection: BookingSelection,
  date: DateKey | null,
): BookingSelection {
  if (!date || isBlockedDay(calendar, date)) return EMPTY_SELECTION;
  const first = startTimeOptions(calendar.slots, date, calendar.timeZone)[0];
  if (!first) return EMPTY_SELECTION;
  const start = first.instant.toISOString();
  const reset = shouldResetEndDate(selection.startDate, date, selection.endDate, (day) =>
    isBlockedDay(calendar, day),
  );
  if (!reset && endFits(calendar, start, selection.end)) return { ...selection, startDate: date, start };
  return withFirstEnd(calendar, date, first);
}

export function pickStartTime(
  calendar: BookingCalendar,
  selection: BookingSelection,
  start: string | null,
): BookingSelection {
  if (!selection.startDate) return EMPTY_SELECTION;
  const option = startOptions(calendar, selection).find((o) => o.instant.toISOString() === start);
  if (!option) return { startDate: selection.startDate, start: null, endDate: null, end: null };
  if (endFits(calendar, option.instant.toISOString(), selection.end)) {
    return { ...selection, start: option.instant.toISOString() };
  }
  return withFirstEnd(calendar, selection.startDate, option);
}

/** Picking an end date selects its first end time after the start. */
export function pickEndDate(
  calendar: BookingCalendar,
  selection: BookingSelection,
  date: DateKey | null,
): BookingSelection {
  if (!selection.start) return selection;
  if (!date || !endDates(calendar, selection).includes(date))
    return { ...selection, endDate: null, end: null };
  const first = endOptions(calendar, { ...selection, endDate: date })[0];
  return { ...selection, endDate: date, end: first?.instant.toISOString() ?? null };
}

export function pickEndTime(
  calendar: BookingCalendar,
  selection: BookingSelection,
  end: string | null,
): BookingSelection {
  const fits = end !== null && endOptions(calendar, selection).some((o) => o.instant.toISOString() === end);
  return { ...selection, end: fits ? end : null };
}

/** Both times chosen and different: what the price breakdown and the checkout need. */
export function chosenBooking(selection: BookingSelection): { start: string; end: string } | null {
  if (!selection.start || !selection.end || selection.start === selection.end) return null;
  return { start: selection.start, end: selection.end };
}
