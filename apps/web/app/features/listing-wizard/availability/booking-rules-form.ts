import { BOOKING_RULE_LIMITS } from '@hora/core/config';
import type { BookingRules } from '@hora/core/listing';

/**
 * The booking rules as the selects hold them (minutes and days as text). Every field is a
 * select whose options already obey the rules, so nothing typed can be out of range.
 */
export interface BookingRulesValues {
  minDurationMinutes: string;
  /** '' for no maximum. */
  maxDurationMinutes: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  advanceNoticeMinutes: string;
  bookingWindowDays: string;
  slotStepMinutes: '30' | '60';
}

const HOUR = 60;
const DAY = 24 * HOUR;
/** Booking lengths offered, in minutes (those not on the slot step are left out). */
const DURATIONS = [
  30,
  60,
  90,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  5 * HOUR,
  6 * HOUR,
  8 * HOUR,
  10 * HOUR,
  12 * HOUR,
  DAY,
];
const BUFFERS = [0, 15, 30, 45, HOUR, 90, 2 * HOUR];
const NOTICES = [0, HOUR, 2 * HOUR, 4 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY];
const WINDOWS = [7, 14, 30, 60, BOOKING_RULE_LIMITS.bookingWindowMaxDays];

export function bookingRulesValuesOf(rules: BookingRules): BookingRulesValues {
  return {
    minDurationMinutes: String(rules.minDurationMinutes),
    maxDurationMinutes: rules.maxDurationMinutes === null ? '' : String(rules.maxDurationMinutes),
    bufferBeforeMinutes: String(rules.bufferBeforeMinutes),
    bufferAfterMinutes: String(rules.bufferAfterMinutes),
    advanceNoticeMinutes: String(rules.advanceNoticeMinutes),
    bookingWindowDays: String(rules.bookingWindowDays),
    slotStepMinutes: rules.slotStepMinutes === 30 ? '30' : '60',
  };
}

export function bookingRulesOf(values: BookingRulesValues): BookingRules {
  return {
    minDurationMinutes: Number(values.minDurationMinutes),
    maxDurationMinutes: values.maxDurationMinutes === '' ? null : Number(values.maxDurationMinutes),
    bufferBeforeMinutes: Number(values.bufferBeforeMinutes),
    bufferAfterMinutes: Number(values.bufferAfterMinutes),
    advanceNoticeMinutes: Number(values.advanceNoticeMinutes),
    bookingWindowDays: Number(values.bookingWindowDays),
    slotStepMinutes: values.slotStepMinutes === '30' ? 30 : 60,
  };
}

/** The options plus the saved value when the list lacks it (set through the API or an older list). */
function including(options: readonly number[], current: string): number[] {
  const value = Number(current);
  if (current === '' || !Number.isFinite(value) || options.includes(value)) return [...options];
  return [...options, value].sort((a, b) => a - b);
}

/** Booking lengths on the slot step (30 min only with a 30-minute step). */
export function minDurationOptions(values: BookingRulesValues): number[] {
  const step = Number(values.slotStepMinutes);
  return including(
    DURATIONS.filter((minutes) => minutes % step === 0),
    values.minDurationMinutes,
  );
}

/** Maximum lengths: none, or any length on the step that is not below the minimum. */
export function maxDurationOptions(values: BookingRulesValues): number[] {
  const min = Number(values.minDurationMinutes);
  return minDurationOptions({ ...values, minDurationMinutes: values.maxDurationMinutes }).filter(
    (minutes) => minutes >= min,
  );
}

export function bufferOptions(current: string): number[] {
  return including(BUFFERS, current);
}

export function advanceNoticeOptions(current: string): number[] {
  return including(NOTICES, current);
}

/** How far ahead bookings open: never beyond the marketplace's 90 days. */
export function bookingWindowOptions(current: string): number[] {
  return including(WINDOWS, current).filter((days) => days <= BOOKING_RULE_LIMITS.bookingWindowMaxDays);
}

/** The next value on the step at or above `minutes`. */
function ceilToStep(minutes: number, step: number): number {
  return Math.ceil(minutes / step) * step;
}

/**
 * Changing the slot step keeps the lengths bookable: a 90-minute minimum becomes 2 hours with
 * 60-minute slots, and a maximum below the new minimum follows it up.
 */
export function withSlotStep(values: BookingRulesValues, step: '30' | '60'): BookingRulesValues {
  const stepMinutes = Number(step);
  const min = ceilToStep(Number(values.minDurationMinutes), stepMinutes);
  const max =
    values.maxDurationMinutes === '' ? null : ceilToStep(Number(values.maxDurationMinutes), stepMinutes);
  return {
    ...values,
    slotStepMinutes: step,
    minDurationMinutes: String(min),
    maxDurationMinutes: max === null ? '' : String(Math.max(max, min)),
  };
}

/** A new minimum above the maximum raises the maximum with it. */
export function withMinDuration(values: BookingRulesValues, minutes: string): BookingRulesValues {
  const max = values.maxDurationMinutes;
  const raised = max !== '' && Number(max) < Number(minutes) ? minutes : max;
  return { ...values, minDurationMinutes: minutes, maxDurationMinutes: raised };
}

/** "30 min", "1 h 30 min", "2 días": the parts of a length, for its translated label. */
export function durationParts(minutes: number): { days: number; hours: number; minutes: number } {
  if (minutes > 0 && minutes % DAY === 0) return { days: minutes / DAY, hours: 0, minutes: 0 };
  return { days: 0, hours: Math.floor(minutes / HOUR), minutes: minutes % HOUR };
}
