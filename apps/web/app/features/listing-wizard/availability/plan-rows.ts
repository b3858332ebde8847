import {
  type AvailabilityPlan,
  PLAN_ENTRY_SEATS,
  type PlanEntry,
  planEntryToForm,
  WEEKDAYS,
} from '@hora/core/availability';
import { type DayOfWeek, minutesOfTime, type TimeOfDay, timeFromMinutes } from '@hora/core/time';

export type Weekday = (typeof WEEKDAYS)[number];

/** One opening range of a day as the selects hold it; '' until chosen. 24:00 ends the day. */
export interface TimeRange {
  start: TimeOfDay | '';
  end: TimeOfDay | '';
}

export type WeekRows = Record<Weekday, readonly TimeRange[]>;

export interface PlanFormValues {
  timezone: string;
  days: WeekRows;
}

const DAY_MINUTES = 1440;
/** What a first range of a day proposes: a working day. */
const FIRST_RANGE: TimeRange = { start: '09:00', end: '17:00' };

export function emptyWeek(): WeekRows {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as WeekRows;
}

/** The stored plan → the editor's rows, grouped by day, a stored 00:00 end shown as 24:00. */
export function planFormOf(plan: AvailabilityPlan | null, fallbackTimeZone: string): PlanFormValues {
  const days = emptyWeek() as Record<Weekday, TimeRange[]>;
  for (const entry of plan?.entries ?? []) {
    const shown = planEntryToForm(entry);
    days[entry.dayOfWeek as Weekday]?.push({ start: shown.startTime ?? '', end: shown.endTime ?? '' });
  }
  return { timezone: plan?.timezone ?? fallbackTimeZone, days };
}

/**
 * The times a select offers: every step (60 or 30 minutes) of the day; starts run from 00:00,
 * ends up to 24:00 (the end of the day), never 00:00.
 */
export function timeOptions(kind: 'start' | 'end', stepMinutes: number): TimeOfDay[] {
  const options: TimeOfDay[] = [];
  const [from, to] = kind === 'start' ? [0, DAY_MINUTES - stepMinutes] : [stepMinutes, DAY_MINUTES];
  for (let minutes = from; minutes <= to; minutes += stepMinutes) options.push(timeFromMinutes(minutes));
  return options;
}

/**
 * A chosen time the list of a step does not hold (a 09:30 saved before the step became 60)
 * stays offered, so a select never silently shows another time than the one saved.
 */
export function withCurrent(options: readonly TimeOfDay[], current: TimeOfDay | ''): TimeOfDay[] {
  if (current === '' || options.includes(current)) return [...options];
  return [...options, current].sort((a, b) => minutesOf(a) - minutesOf(b));
}

function minutesOf(time: TimeOfDay): number {
  return time === '24:00' ? DAY_MINUTES : minutesOfTime(time);
}

/**
 * A new range for a day: 09:00–17:00 on an empty day, else the hour after its latest range
 * (left to choose when that range already ends the day).
 */
export function addRange(days: WeekRows, day: Weekday, stepMinutes = 60): WeekRows {
  const ranges = days[day];
  const ends = ranges.map((range) => (range.end === '' ? -1 : minutesOf(range.end)));
  const latest = Math.max(-1, ...ends);
  let range: TimeRange = FIRST_RANGE;
  if (ranges.length > 0) {
    range =
      latest < 0 || latest >= DAY_MINUTES
        ? { start: '', end: '' }
        : {
            start: timeFromMinutes(latest),
            end: timeFromMinutes(Math.min(DAY_MINUTES, latest + Math.max(60, stepMinutes))),
          };
  }
  return { ...days, [day]: [...ranges, range] };
}

export function removeRange(days: WeekRows, day: Weekday, index: number): WeekRows {
  return { ...days, [day]: days[day].filter((_, i) => i !== index) };
}

export function setRangeTime(
  days: WeekRows,
  day: Weekday,
  index: number,
  which: keyof TimeRange,
  time: TimeOfDay | '',
): WeekRows {
  return { ...days, [day]: days[day].map((range, i) => (i === index ? { ...range, [which]: time } : range)) };
}

/** Gives every other day the same ranges as this one (most spaces open the same hours all week). */
export function copyDayToAll(days: WeekRows, day: Weekday): WeekRows {
  const ranges = days[day];
  return Object.fromEntries(
    WEEKDAYS.map((other) => [other, ranges.map((range) => ({ ...range }))]),
  ) as unknown as WeekRows;
}

export function hasRanges(days: WeekRows): boolean {
  return WEEKDAYS.some((day) => days[day].length > 0);
}

/** Where an entry of the sent plan came from in the editor. */
export interface RowRef {
  day: Weekday;
  index: number;
}

/**
 * The plan the API takes (24:00 as the form's end; the schema stores it as 00:00), each day's
 * ranges in time order as the rules require, whatever order they were added in; `rows` tells
 * which editor row each entry is, so errors land on the right row.
 */
export function planRequest(values: PlanFormValues): {
  plan: { type: 'availability-plan/time'; timezone: string; entries: PlanEntry[] };
  rows: RowRef[];
} {
  const rows: RowRef[] = [];
  const entries: PlanEntry[] = [];
  for (const day of WEEKDAYS) {
    const order = values.days[day]
      .map((range, index) => ({ range, index }))
      .sort((a, b) => sortKey(a.range) - sortKey(b.range));
    for (const { range, index } of order) {
      rows.push({ day, index });
      entries.push({
        dayOfWeek: day as DayOfWeek,
        seats: PLAN_ENTRY_SEATS,
        ...(range.start === '' ? {} : { startTime: range.start }),
        ...(range.end === '' ? {} : { endTime: range.end }),
      });
    }
  }
  return { plan: { type: 'availability-plan/time', timezone: values.timezone, entries }, rows };
}

/** Ranges without a start go last, where they cannot hide another's overlap. */
function sortKey(range: TimeRange): number {
  return range.start === '' ? DAY_MINUTES + 1 : minutesOf(range.start);
}

export const rowKey = (row: RowRef) => `${row.day}.${row.index}`;

/**
 * Errors of the sent plan (`entries.3.endTime`, or `plan.entries.3.endTime` from the API) → one
 * message per editor row (`mon.0`), the first one found; the others keep their own path.
 */
export function rowErrors(
  errors: Readonly<Record<string, string>>,
  rows: readonly RowRef[],
): { rows: Record<string, string>; other: Record<string, string> } {
  const byRow: Record<string, string> = {};
  const other: Record<string, string> = {};
  for (const [path, key] of Object.entries(errors)) {
    const match = /^(?:plan\.)?entries\.(\d+)(?:\.|$)/.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    if (row) byRow[rowKey(row)] ??= key;
    else other[path.replace(/^plan\./, '')] ??= key;
  }
  return { rows: byRow, other };
}
