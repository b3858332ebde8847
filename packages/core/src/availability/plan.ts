import { type DayOfWeek, minutesOfTime, type TimeOfDay } from '../time/calendar.ts';

export const PLAN_TYPES = ['availability-plan/day', 'availability-plan/time'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Order the week is shown in (spec part 1 §3: mon..sun). */
export const WEEKDAYS = [
  'mon',
  'tue',
  'wed',
  'thu',
  'fri',
  'sat',
  'sun',
] as const satisfies readonly DayOfWeek[];

/** Seats per plan entry: one space, one booking at a time (spec part 2 §5.4). */
export const PLAN_ENTRY_SEATS = 1;

/**
 * A stored plan entry. For time plans an end of '00:00' means the end of the day (the form
 * shows it as '24:00'). Day plans have no times: the whole day is available.
 */
export interface PlanEntry {
  readonly dayOfWeek: DayOfWeek;
  readonly seats: number;
  readonly startTime?: TimeOfDay;
  readonly endTime?: TimeOfDay;
}

export interface AvailabilityPlan {
  readonly type: PlanType;
  readonly timezone: string;
  readonly entries: readonly PlanEntry[];
}

/** Stored end → form end: midnight is shown as 24:00. */
export function endTimeToForm(endTime: TimeOfDay): TimeOfDay {
  return endTime === '00:00' ? '24:00' : endTime;
}

/** Form end → stored end: 24:00 is saved as 00:00. */
export function endTimeFromForm(endTime: TimeOfDay): TimeOfDay {
  return endTime === '24:00' ? '00:00' : endTime;
}

export function planEntryToForm(entry: PlanEntry): PlanEntry {
  return entry.endTime === undefined ? entry : { ...entry, endTime: endTimeToForm(entry.endTime) };
}

export function planEntryFromForm(entry: PlanEntry): PlanEntry {
  return entry.endTime === undefined ? entry : { ...entry, endTime: endTimeFromForm(entry.endTime) };
}

/** Minutes since local midnight of a stored or form end (00:00 and 24:00 both give 1440). */
export function endMinutes(endTime: TimeOfDay): number {
  return endTime === '00:00' ? 1440 : minutesOfTime(endTime);
}

export type PlanIssue =
  | 'missing-time'
  | 'invalid-time'
  | 'end-not-after-start'
  | 'unordered'
  | 'overlap'
  | 'seats';

export interface PlanEntryIssue {
  /** Index in the entries array. */
  readonly index: number;
  readonly issue: PlanIssue;
}

function entryMinutes(entry: PlanEntry): { start: number; end: number } | PlanIssue {
  if (entry.startTime === undefined || entry.endTime === undefined) return 'missing-time';
  if (entry.startTime === '24:00') return 'invalid-time';
  try {
    const start = minutesOfTime(entry.startTime);
    const end = endMinutes(entry.endTime);
    return end > start ? { start, end } : 'end-not-after-start';
  } catch {
    return 'invalid-time';
  }
}

/**
 * Checks a plan's entries: times present and valid, end after start, seats as required and,
 * within each day, entries listed in time order without overlapping (touching is fine).
 */
export function planEntryIssues(
  type: PlanType,
  entries: readonly PlanEntry[],
  seats: number = PLAN_ENTRY_SEATS,
): PlanEntryIssue[] {
  const issues: PlanEntryIssue[] = [];
  const previous = new Map<DayOfWeek, { start: number; end: number }>();
  entries.forEach((entry, index) => {
    if (entry.seats !== seats) issues.push({ index, issue: 'seats' });
    if (type === 'availability-plan/day') {
      if (previous.has(entry.dayOfWeek)) issues.push({ index, issue: 'overlap' });
      previous.set(entry.dayOfWeek, { start: 0, end: 1440 });
      return;
    }
    const minutes = entryMinutes(entry);
    if (typeof minutes === 'string') {
      issues.push({ index, issue: minutes });
      return;
    }
    const before = previous.get(entry.dayOfWeek);
    if (before && minutes.start < before.start) issues.push({ index, issue: 'unordered' });
    else if (before && minutes.start < before.end) issues.push({ index, issue: 'overlap' });
    previous.set(entry.dayOfWeek, minutes);
  });
  return issues;
}

/** Entries grouped by weekday and sorted by start, for fast slot computation. */
export function entriesByDay(plan: AvailabilityPlan): Map<DayOfWeek, PlanEntry[]> {
  const byDay = new Map<DayOfWeek, PlanEntry[]>();
  for (const entry of plan.entries) {
    const list = byDay.get(entry.dayOfWeek) ?? [];
    list.push(entry);
    byDay.set(entry.dayOfWeek, list);
  }
  for (const list of byDay.values()) {
    list.sort((a, b) => (a.startTime ?? '').localeCompare(b.startTime ?? ''));
  }
  return byDay;
}
