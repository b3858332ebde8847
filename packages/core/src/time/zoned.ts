import {
  addDays,
  type DateKey,
  dateKeyFromUtcMs,
  minutesOfTime,
  type TimeOfDay,
  timeFromMinutes,
} from './calendar.ts';

/**
 * Time-zone maths on `Intl.DateTimeFormat` only (no date library). Instants are epoch
 * milliseconds. Results are cached per 15-minute bucket: every real offset change happens on a
 * quarter-hour, so the offset is constant inside a bucket.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, Map<number, number>>();
const BUCKET_MS = 15 * 60_000;
const MAX_CACHED_BUCKETS = 100_000;
/**
 * Wall-clock times met so far and their instants, by zone, date and time (a pure memo; see
 * `zonedTimeToInstant`). Maps within maps: a key joined from the three would be a new string to
 * build and hash on every call, which cost several times the lookups themselves.
 */
const instants = new Map<string, Map<DateKey, Map<TimeOfDay, number>>>();
let cachedInstants = 0;
const MAX_CACHED_INSTANTS = 20_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.length === 0) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function zonedParts(instant: number, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of the zone from UTC at an instant, in ms (Madrid: 3_600_000 in winter). */
export function offsetAt(instant: number, timeZone: string): number {
  let cache = offsetCache.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsetCache.set(timeZone, cache);
  }
  const bucket = Math.floor(instant / BUCKET_MS);
  const cached = cache.get(bucket);
  if (cached !== undefined) return cached;
  const start = bucket * BUCKET_MS;
  const p = zonedParts(start, timeZone);
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - start;
  if (cache.size > MAX_CACHED_BUCKETS) cache.clear();
  cache.set(bucket, offset);
  return offset;
}

export function dateKeyAt(instant: number, timeZone: string): DateKey {
  return dateKeyFromUtcMs(instant + offsetAt(instant, timeZone));
}

export function timeOfDayAt(instant: number, timeZone: string): TimeOfDay {
  const wall = new Date(instant + offsetAt(instant, timeZone));
  return timeFromMinutes(wall.getUTCHours() * 60 + wall.getUTCMinutes());
}

/**
 * The instant of a wall-clock time in a zone. '24:00' is midnight of the next day. Like
 * Temporal's 'compatible' disambiguation: a time skipped by a spring-forward change moves
 * forward by the gap (02:30 → 03:30), a repeated time takes its earlier occurrence.
 */
export function zonedTimeToInstant(date: DateKey, time: TimeOfDay, timeZone: string): number {
  // The same few hundred local midnights and opening times are asked for again and again (the
  // availability and free-time computations of every booking, decision 0052): remembered.
  let byDate = instants.get(timeZone);
  let byTime = byDate?.get(date);
  const known = byTime?.get(time);
  if (known !== undefined) return known;
  const instant = wallTimeToInstant(date, time, timeZone);
  if (cachedInstants >= MAX_CACHED_INSTANTS) {
    instants.clear();
    cachedInstants = 0;
    byDate = undefined;
    byTime = undefined;
  }
  if (!byDate) {
    byDate = new Map();
    instants.set(timeZone, byDate);
  }
  if (!byTime) {
    byTime = new Map();
    byDate.set(date, byTime);
  }
  byTime.set(time, instant);
  cachedInstants += 1;
  return instant;
}

function wallTimeToInstant(date: DateKey, time: TimeOfDay, timeZone: string): number {
  const minutes = minutesOfTime(time);
  const day = minutes === 1440 ? addDays(date, 1) : date;
  const wall =
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) +
    (minutes % 1440) * 60_000;
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const early = wall - before;
  const late = wall - after;
  const earlyValid = early + offsetAt(early, timeZone) === wall;
  const lateValid = late + offsetAt(late, timeZone) === wall;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (earlyValid) return early;
  if (lateValid) return late;
  return early;
}

export function startOfDayAt(date: DateKey, timeZone: string): number {
  return zonedTimeToInstant(date, '00:00', timeZone);
}

/** Length of a local day in hours: 23 or 25 on daylight-saving change days. */
export function hoursInDay(date: DateKey, timeZone: string): number {
  return (startOfDayAt(addDays(date, 1), timeZone) - startOfDayAt(date, timeZone)) / 3_600_000;
}
