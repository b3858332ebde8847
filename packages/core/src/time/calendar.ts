/**
 * Calendar dates ('YYYY-MM-DD') and wall-clock times ('HH:mm') as plain strings: they carry no
 * time zone, so they cannot be mistaken for instants. Arithmetic goes through Date.UTC, which
 * is pure calendar maths (no clock, no local zone).
 */
export type DateKey = string;
export type MonthKey = string;
export type TimeOfDay = string;

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-4]):([0-5]\d)$/;

export const DAYS_OF_WEEK = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export function isDateKey(value: unknown): value is DateKey {
  if (typeof value !== 'string') return false;
  const match = DATE_RE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function assertDateKey(value: string): void {
  if (!isDateKey(value)) throw new RangeError(`Not a calendar date: ${value}`);
}

/** 'HH:mm' from 00:00 to 24:00 (24:00 only as an end). */
export function isTimeOfDay(value: unknown): value is TimeOfDay {
  if (typeof value !== 'string') return false;
  const match = TIME_RE.exec(value);
  return match !== null && (match[1] !== '24' || match[2] === '00');
}

export function minutesOfTime(time: TimeOfDay): number {
  if (!isTimeOfDay(time)) throw new RangeError(`Not a time of day: ${time}`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function timeFromMinutes(minutes: number): TimeOfDay {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Date keys met so far and their UTC midnights, and back: the availability and free-time
 * computations turn the same few hundred days back and forth thousands of times per booking
 * (decision 0052). Pure memos of pure functions, emptied when they grow past a bound.
 */
const MAX_MEMO = 20_000;
const midnights = new Map<string, number>();
const keysOfDays = new Map<number, DateKey>();

function utcMidnight(date: DateKey): number {
  const known = midnights.get(date);
  if (known !== undefined) return known;
  assertDateKey(date);
  const midnight = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  );
  if (midnights.size >= MAX_MEMO) midnights.clear();
  midnights.set(date, midnight);
  return midnight;
}

export function dateKeyFromUtcMs(ms: number): DateKey {
  const day = Math.floor(ms / DAY_MS);
  const known = keysOfDays.get(day);
  if (known !== undefined) return known;
  const key = new Date(ms).toISOString().slice(0, 10);
  if (keysOfDays.size >= MAX_MEMO) keysOfDays.clear();
  keysOfDays.set(day, key);
  return key;
}

export function addDays(date: DateKey, days: number): DateKey {
  return dateKeyFromUtcMs(utcMidnight(date) + days * DAY_MS);
}

/** Whole calendar days from a to b (negative when b is earlier). */
export function daysBetween(a: DateKey, b: DateKey): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);
}

export function dayOfWeek(date: DateKey): DayOfWeek {
  return DAYS_OF_WEEK[new Date(utcMidnight(date)).getUTCDay()] as DayOfWeek;
}

export function monthKeyOf(date: DateKey): MonthKey {
  return date.slice(0, 7);
}

export function compareDateKeys(a: DateKey, b: DateKey): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
