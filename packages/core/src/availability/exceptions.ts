import { LIMITS } from '../config/constants.ts';
import type { DateKey, TimeOfDay } from '../time/calendar.ts';
import { zonedTimeToInstant } from '../time/zoned.ts';

/** seats > 0: available (overrides the plan); seats 0: not available. */
export interface AvailabilityException {
  readonly id?: string;
  readonly start: Date;
  readonly end: Date;
  readonly seats: number;
}

export type ExceptionAvailability = 'available' | 'not-available';

export interface ExceptionFormValues {
  availability: ExceptionAvailability;
  exceptionStartDate: DateKey;
  exceptionStartTime: TimeOfDay;
  exceptionEndDate: DateKey;
  exceptionEndTime: TimeOfDay;
}

export function exceptionAvailability(
  exception: Pick<AvailabilityException, 'seats'>,
): ExceptionAvailability {
  return exception.seats > 0 ? 'available' : 'not-available';
}

/** Form values in the listing's zone → the exception to create. */
export function exceptionFromForm(
  values: ExceptionFormValues,
  timeZone: string,
  seats = 1,
): { start: Date; end: Date; seats: number } {
  const start = new Date(zonedTimeToInstant(values.exceptionStartDate, values.exceptionStartTime, timeZone));
  const end = new Date(zonedTimeToInstant(values.exceptionEndDate, values.exceptionEndTime, timeZone));
  if (end.getTime() <= start.getTime()) throw new RangeError('End date cannot be before start date');
  return { start, end, seats: values.availability === 'available' ? seats : 0 };
}

/** The add button shows while there are this many or fewer exceptions (spec: 100). */
export function canAddException(count: number, max: number = LIMITS.availabilityExceptionsMaxShown): boolean {
  return count <= max;
}

/** Exceptions are fetched for a year ahead (364 days from now). */
export function exceptionsQueryRange(
  now: Date,
  days: number = LIMITS.availabilityExceptionsFetchDays,
): { start: Date; end: Date } {
  return { start: now, end: new Date(now.getTime() + days * 86_400_000) };
}

export function overlapsAny(
  exceptions: readonly Pick<AvailabilityException, 'start' | 'end'>[],
  candidate: { start: Date; end: Date },
): boolean {
  return exceptions.some(
    (e) => e.start.getTime() < candidate.end.getTime() && candidate.start.getTime() < e.end.getTime(),
  );
}

/**
 * Free ranges between existing exceptions inside [start, end): a new exception's start and
 * end must fall in one of them, so exceptions never overlap.
 */
export function freeExceptionRanges(
  exceptions: readonly Pick<AvailabilityException, 'start' | 'end'>[],
  start: Date,
  end: Date,
): { start: Date; end: Date }[] {
  const sorted = [...exceptions].sort((a, b) => a.start.getTime() - b.start.getTime());
  const ranges: { start: Date; end: Date }[] = [];
  let cursor = start.getTime();
  for (const e of sorted) {
    if (e.start.getTime() > cursor)
      ranges.push({ start: new Date(cursor), end: new Date(Math.min(e.start.getTime(), end.getTime())) });
    cursor = Math.max(cursor, e.end.getTime());
    if (cursor >= end.getTime()) break;
  }
  if (cursor < end.getTime()) ranges.push({ start: new Date(cursor), end });
  return ranges.filter((r) => r.end.getTime() > r.start.getTime());
}
