import { type AvailabilityPlan, exceptionFromForm, type PlanEntry } from '@hora/core/availability';
import { type BookingRules, DEFAULT_BOOKING_RULES } from '@hora/core/listing';
import { addDays, type DayOfWeek, dateKeyAt, timeFromMinutes } from '@hora/core/time';
import { availabilityPlanSchema } from '@hora/core/validation';
import type { CategoryProfile, PlanStyle } from './category-profiles.ts';
import type { Random } from './random.ts';

const WEEKDAYS: DayOfWeek[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const WEEKEND: DayOfWeek[] = ['sat', 'sun'];
const EVERY_DAY: DayOfWeek[] = [...WEEKDAYS, ...WEEKEND];

interface Range {
  days: readonly DayOfWeek[];
  /** Hours from local midnight; 24 is the end of the day. */
  from: number;
  to: number;
}

/** Opening hours of each style; `jitter` moves them an hour either way so no two look cloned. */
const STYLES: Record<PlanStyle, Range[]> = {
  office: [{ days: WEEKDAYS, from: 9, to: 19 }],
  extended: [{ days: EVERY_DAY, from: 8, to: 22 }],
  weekends: [{ days: WEEKEND, from: 10, to: 21 }],
  split: [
    { days: WEEKDAYS, from: 9, to: 14 },
    { days: WEEKDAYS, from: 16, to: 20 },
    { days: ['sat'], from: 10, to: 14 },
  ],
  evenings: [
    { days: WEEKDAYS, from: 17, to: 24 },
    { days: WEEKEND, from: 10, to: 24 },
  ],
  wholeDay: [],
  mornings: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], from: 7, to: 14 }],
  tuesdayToSunday: [{ days: ['tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: 11, to: 23 }],
};

/**
 * A weekly plan in the listing's time zone, as the availability form would send it, read through
 * core's plan schema: what the seed stores is what the API would have stored.
 */
export function demoPlan(random: Random, style: PlanStyle, timeZone: string): AvailabilityPlan {
  if (style === 'wholeDay') {
    return availabilityPlanSchema.parse({
      type: 'availability-plan/day',
      timezone: timeZone,
      entries: EVERY_DAY.map((dayOfWeek) => ({ dayOfWeek, seats: 1 })),
    });
  }
  const ranges = STYLES[style];
  // Only the first range's start and the last range's end move, so split days never overlap.
  const earlier = random.int(-1, 1);
  const later = random.int(-1, 1);
  const entries: PlanEntry[] = [];
  for (const day of EVERY_DAY) {
    const today = ranges.filter((range) => range.days.includes(day));
    today.forEach((range, index) => {
      const from = index === 0 ? Math.max(6, range.from + earlier) : range.from;
      const to = index === today.length - 1 ? Math.min(24, range.to + later) : range.to;
      entries.push({
        dayOfWeek: day,
        seats: 1,
        startTime: timeFromMinutes(from * 60),
        endTime: timeFromMinutes(to * 60),
      });
    });
  }
  return availabilityPlanSchema.parse({ type: 'availability-plan/time', timezone: timeZone, entries });
}

/** Default rules for most listings; some get the rules hosts of their kind ask for. */
export function demoBookingRules(random: Random, profile: CategoryProfile): BookingRules {
  if (profile.rules.length === 0 || random.chance(0.6)) return DEFAULT_BOOKING_RULES;
  return { ...DEFAULT_BOOKING_RULES, ...random.pick(profile.rules) };
}

export interface DemoException {
  start: Date;
  end: Date;
  seats: number;
}

/**
 * One to four departures from the plan in the coming four months, relative to `now`: holidays
 * (closed whole days, sometimes a week), a morning off, an extra opening. Each sits in its own
 * ten-day window, so they never overlap (the table's exclusion constraint checks it too).
 */
export function demoExceptions(random: Random, now: Date, timeZone: string): DemoException[] {
  const today = dateKeyAt(now.getTime(), timeZone);
  const windows = random.sample([...Array(12).keys()], random.int(1, 4)).sort((a, b) => a - b);
  return windows.map((window) => {
    const first = addDays(today, 2 + window * 10 + random.int(0, 2));
    const kind = random.pick(['holiday', 'holiday', 'morning-off', 'extra-opening'] as const);
    if (kind === 'holiday') {
      const days = random.chance(0.3) ? random.int(3, 7) : 1;
      return exceptionFromForm(
        {
          availability: 'not-available',
          exceptionStartDate: first,
          exceptionStartTime: '00:00',
          exceptionEndDate: addDays(first, days),
          exceptionEndTime: '00:00',
        },
        timeZone,
      );
    }
    const [from, to] = kind === 'morning-off' ? [8, 14] : [random.int(9, 12), random.int(15, 20)];
    return exceptionFromForm(
      {
        availability: kind === 'morning-off' ? 'not-available' : 'available',
        exceptionStartDate: first,
        exceptionStartTime: timeFromMinutes(from * 60),
        exceptionEndDate: first,
        exceptionEndTime: timeFromMinutes(to * 60),
      },
      timeZone,
    );
  });
}
