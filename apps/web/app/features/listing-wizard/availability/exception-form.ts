import {
  type ExceptionAvailability,
  endTimeOptions,
  exceptionFromForm,
  exceptionsQueryRange,
  freeExceptionRanges,
  startTimeOptions,
  type TimeOption,
  type TimeSlot,
} from '@hora/core/availability';
import type { AvailabilityExceptionView } from '@hora/core/listing';
import { type DateKey, dateKeyAt, isDateKey } from '@hora/core/time';

/** The add-exception form (spec part 1 §3): dates as `YYYY-MM-DD`, times as `HH:mm`, '' until chosen. */
export interface ExceptionValues {
  availability: ExceptionAvailability;
  exceptionStartDate: DateKey | '';
  exceptionStartTime: string;
  exceptionEndDate: DateKey | '';
  exceptionEndTime: string;
}

export const EMPTY_EXCEPTION: ExceptionValues = {
  availability: 'not-available',
  exceptionStartDate: '',
  exceptionStartTime: '',
  exceptionEndDate: '',
  exceptionEndTime: '',
};

/**
 * The time a new exception may take: from now to a year ahead (364 days, as they are fetched),
 * minus the existing exceptions, which never overlap. Shaped as time slots so core's hourly
 * start and end options apply to it as to a booking.
 */
export function freeExceptionSlots(
  exceptions: readonly Pick<AvailabilityExceptionView, 'start' | 'end'>[],
  now: Date,
): TimeSlot[] {
  const { start, end } = exceptionsQueryRange(now);
  const taken = exceptions.map((e) => ({ start: new Date(e.start), end: new Date(e.end) }));
  return freeExceptionRanges(taken, start, end).map((range) => ({
    type: 'time-slot/time',
    ...range,
    seats: 1,
  }));
}

/** First and last day a date field offers, in the listing's zone. */
export function exceptionDateBounds(now: Date, timeZone: string): { min: DateKey; max: DateKey } {
  const { end } = exceptionsQueryRange(now);
  return { min: dateKeyAt(now.getTime(), timeZone), max: dateKeyAt(end.getTime() - 1, timeZone) };
}

export function startChoices(
  free: readonly TimeSlot[],
  values: ExceptionValues,
  timeZone: string,
): TimeOption[] {
  // A browser without a date picker lets any text through: only a real date has hours.
  return isDateKey(values.exceptionStartDate)
    ? startTimeOptions(free, values.exceptionStartDate, timeZone)
    : [];
}

function chosenStart(
  free: readonly TimeSlot[],
  values: ExceptionValues,
  timeZone: string,
): TimeOption | undefined {
  return startChoices(free, values, timeZone).find((option) => option.label === values.exceptionStartTime);
}

/** Ends on the chosen end date inside the free stretch the start lies in (24:00 included). */
export function endChoices(
  free: readonly TimeSlot[],
  values: ExceptionValues,
  timeZone: string,
): TimeOption[] {
  const start = chosenStart(free, values, timeZone);
  if (!start || !isDateKey(values.exceptionEndDate)) return [];
  return endTimeOptions(free, start.instant, timeZone, values.exceptionEndDate);
}

/** The last day the chosen start's free stretch reaches: the end date cannot pass it. */
export function lastEndDate(
  free: readonly TimeSlot[],
  values: ExceptionValues,
  timeZone: string,
): DateKey | null {
  const start = chosenStart(free, values, timeZone);
  if (!start) return null;
  const options = endTimeOptions(free, start.instant, timeZone);
  return options[options.length - 1]?.date ?? null;
}

/**
 * Picking a start date selects its first free hour, the same end date and the first end after
 * it, as the booking form does; changing the start keeps a later choice while it still fits.
 */
export function withStart(
  free: readonly TimeSlot[],
  values: ExceptionValues,
  change: Partial<Pick<ExceptionValues, 'exceptionStartDate' | 'exceptionStartTime'>>,
  timeZone: string,
): ExceptionValues {
  let next = { ...values, ...change };
  const starts = startChoices(free, next, timeZone);
  if (!starts.some((option) => option.label === next.exceptionStartTime)) {
    next = { ...next, exceptionStartTime: starts[0]?.label ?? '' };
  }
  const last = lastEndDate(free, next, timeZone);
  if (
    next.exceptionEndDate === '' ||
    next.exceptionEndDate < next.exceptionStartDate ||
    (last && next.exceptionEndDate > last)
  ) {
    next = { ...next, exceptionEndDate: next.exceptionStartDate };
  }
  return withEndDate(free, next, next.exceptionEndDate, timeZone);
}

export function withEndDate(
  free: readonly TimeSlot[],
  values: ExceptionValues,
  exceptionEndDate: DateKey | '',
  timeZone: string,
): ExceptionValues {
  const next = { ...values, exceptionEndDate };
  const ends = endChoices(free, next, timeZone);
  return ends.some((option) => option.label === next.exceptionEndTime)
    ? next
    : { ...next, exceptionEndTime: ends[0]?.label ?? '' };
}

/**
 * The `POST …/availability-exceptions` body: the form's local times in the listing's zone as
 * instants, seats 1 for available and 0 for not available. Null while incomplete or reversed.
 */
export function exceptionRequest(
  values: ExceptionValues,
  timeZone: string,
): { start: string; end: string; seats: number } | null {
  const { exceptionStartDate, exceptionStartTime, exceptionEndDate, exceptionEndTime } = values;
  if (!exceptionStartDate || !exceptionStartTime || !exceptionEndDate || !exceptionEndTime) return null;
  try {
    const exception = exceptionFromForm({ ...values, exceptionStartDate, exceptionEndDate }, timeZone);
    return { start: exception.start.toISOString(), end: exception.end.toISOString(), seats: exception.seats };
  } catch {
    return null;
  }
}

/** Exceptions in time order, for the list. */
export function sortedExceptions<T extends Pick<AvailabilityExceptionView, 'start'>>(
  exceptions: readonly T[],
): T[] {
  return [...exceptions].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}
