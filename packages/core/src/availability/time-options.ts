import { addDays, type DateKey, type TimeOfDay } from '../time/calendar.ts';
import { dateKeyAt, offsetAt, startOfDayAt, timeOfDayAt } from '../time/zoned.ts';
import { slotContaining, type TimeSlot, timeSlotsOnDate } from './slots.ts';

const HOUR_MS = 3_600_000;

export interface TimeOption {
  readonly instant: Date;
  /** 'HH:mm'; an end at local midnight reads '24:00' on the day it ends. */
  readonly label: TimeOfDay;
  /** Local date the option belongs to (the earlier day for a 24:00 end). */
  readonly date: DateKey;
}

function isSharpHour(instant: number, timeZone: string): boolean {
  return (instant + offsetAt(instant, timeZone)) % HOUR_MS === 0;
}

/** First local sharp hour at or after an instant. */
function nextSharpHour(instant: number, timeZone: string): number {
  const wall = instant + offsetAt(instant, timeZone);
  const remainder = ((wall % HOUR_MS) + HOUR_MS) % HOUR_MS;
  let candidate = remainder === 0 ? instant : instant + (HOUR_MS - remainder);
  // Zones with half-hour daylight saving shifts need another step to land on :00.
  while (!isSharpHour(candidate, timeZone)) candidate += HOUR_MS / 4;
  return candidate;
}

/**
 * Local sharp hours in [from, to], as instants. Walks in real hours, so the 23-hour day has
 * 23 of them (02:00 does not exist) and the 25-hour day 25 (02:00 twice).
 */
export function sharpHours(from: number, to: number, timeZone: string): number[] {
  const hours: number[] = [];
  for (let t = nextSharpHour(from, timeZone); t <= to; t = nextSharpHour(t + HOUR_MS, timeZone))
    hours.push(t);
  return hours;
}

function startOption(instant: number, timeZone: string): TimeOption {
  return {
    instant: new Date(instant),
    label: timeOfDayAt(instant, timeZone),
    date: dateKeyAt(instant, timeZone),
  };
}

function endOption(instant: number, timeZone: string): TimeOption {
  const label = timeOfDayAt(instant, timeZone);
  if (label !== '00:00') return startOption(instant, timeZone);
  return { instant: new Date(instant), label: '24:00', date: dateKeyAt(instant - 1, timeZone) };
}

/**
 * Hourly start times on a local date: sharp hours inside a free slot from which at least one
 * sharp hour of booking fits before the slot ends.
 */
export function startTimeOptions(slots: readonly TimeSlot[], date: DateKey, timeZone: string): TimeOption[] {
  const dayStart = startOfDayAt(date, timeZone);
  const dayEnd = startOfDayAt(addDays(date, 1), timeZone);
  const options: TimeOption[] = [];
  for (const slot of timeSlotsOnDate(slots, date, timeZone)) {
    const slotEnd = slot.end.getTime();
    const from = Math.max(dayStart, slot.start.getTime());
    for (const hour of sharpHours(from, Math.min(dayEnd, slotEnd), timeZone)) {
      if (hour < dayEnd && nextSharpHour(hour + 1, timeZone) <= slotEnd)
        options.push(startOption(hour, timeZone));
    }
  }
  return options;
}

/**
 * Hourly end times for a chosen start, inside the one contiguous slot holding it. With an end
 * date, only that day's ends (its 24:00 included); without one, every end in the slot.
 */
export function endTimeOptions(
  slots: readonly TimeSlot[],
  start: Date,
  timeZone: string,
  endDate?: DateKey,
): TimeOption[] {
  const slot = slotContaining(slots, start);
  if (!slot) return [];
  let from = start.getTime() + 1;
  let to = slot.end.getTime();
  if (endDate !== undefined) {
    from = Math.max(from, startOfDayAt(endDate, timeZone) + 1);
    to = Math.min(to, startOfDayAt(addDays(endDate, 1), timeZone));
  }
  return sharpHours(from, to, timeZone).map((hour) => endOption(hour, timeZone));
}

/** Dates an end may fall on for a chosen start: the days the start's slot reaches. */
export function endDateOptions(slots: readonly TimeSlot[], start: Date, timeZone: string): DateKey[] {
  const dates: DateKey[] = [];
  for (const option of endTimeOptions(slots, start, timeZone)) {
    if (dates[dates.length - 1] !== option.date) dates.push(option.date);
  }
  return dates;
}

export interface BookingTimes {
  start: TimeOption;
  endDate: DateKey;
  end: TimeOption;
}

/** Picking a start date selects the first start time, and the first end after it. */
export function defaultBookingTimes(
  slots: readonly TimeSlot[],
  date: DateKey,
  timeZone: string,
): BookingTimes | null {
  const start = startTimeOptions(slots, date, timeZone)[0];
  if (!start) return null;
  const end = endTimeOptions(slots, start.instant, timeZone)[0];
  return end ? { start, endDate: end.date, end } : null;
}
