import { z } from 'zod';
import { LIMITS } from '../config/constants.ts';
import type { DateKey } from '../time/calendar.ts';
import { isDateKey } from '../time/calendar.ts';
import { MESSAGES as M } from './messages.ts';

export interface BirthDate {
  day: number;
  month: number;
  year: number;
}

function toDateKey({ year, month, day }: BirthDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isRealDate(date: BirthDate): boolean {
  return (
    [date.day, date.month, date.year].every(Number.isInteger) && date.year > 0 && isDateKey(toDateKey(date))
  );
}

/** Whole years from a birth date to a day; a 29 February birthday counts from 1 March. */
export function ageOn(birth: BirthDate, today: DateKey): number {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const day = Number(today.slice(8, 10));
  const hadBirthday = month > birth.month || (month === birth.month && day >= birth.day);
  return year - birth.year - (hadBirthday ? 0 : 1);
}

/** Year choices of the birth date select: this year back 80 years. */
export function birthYearOptions(currentYear: number, span: number = LIMITS.birthYearSpan): number[] {
  return Array.from({ length: span + 1 }, (_, i) => currentYear - i);
}

const part = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: M.required }).int({ error: M.birthDateInvalid }),
  );

/** Whether someone born on `birth` is at least `minimumAge` (18 unless told) on `today`. */
export function isOldEnough(
  birth: BirthDate,
  today: DateKey,
  minimumAge: number = LIMITS.minimumAge,
): boolean {
  return ageOn(birth, today) >= minimumAge;
}

/**
 * A real calendar date at least `minimumAge` years before `today` (today is passed in: core
 * never reads the clock). The minimum age is not in the spec; 18 by default. Without `today` (a
 * request schema, built once, cannot know the date) only the calendar is checked: the caller then
 * checks the age with `isOldEnough` and its clock.
 */
export const birthDateSchema = (options: { today?: DateKey; minimumAge?: number }) =>
  z
    .object({ day: part(), month: part(), year: part() }, { error: M.required })
    .refine(isRealDate, { error: M.birthDateInvalid, abort: true })
    .refine((date) => options.today === undefined || isOldEnough(date, options.today, options.minimumAge), {
      error: M.birthDateTooYoung,
    });
