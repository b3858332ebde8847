import { TIME_MS } from '../config/constants.ts';
import { type BookingRules, DEFAULT_BOOKING_RULES } from '../listing/views.ts';
import { offsetAt } from '../time/zoned.ts';
import { bookableWindow } from './bookable-window.ts';
import type { AvailabilityException } from './exceptions.ts';
import type { AvailabilityPlan } from './plan.ts';
import {
  computeTimeSlots,
  SEAT_HOLDING_BOOKING_STATES,
  type SeatBooking,
  slotContaining,
  type TimeSlot,
} from './slots.ts';

/**
 * Booking rules applied to the free time of a listing: the one computation the booking form,
 * the server's booking check and the search's availability filter share, so they agree.
 */

export interface BookableSlotsRulesInput {
  plan: AvailabilityPlan;
  exceptions?: readonly AvailabilityException[];
  /**
   * Bookings with the range they hold, buffers included, as the bookings table stores it
   * (see `heldRange`). Stored ranges keep their buffers when the host changes the rules later.
   */
  bookings?: readonly SeatBooking[];
  rules?: BookingRules;
  now: Date;
  /** Range asked for, [start, end); clipped to what the rules allow. */
  start: Date;
  end: Date;
}

/** The range a booking holds: its own time plus the buffers before and after it. */
export function heldRange(
  booking: { start: Date; end: Date },
  rules: Pick<BookingRules, 'bufferBeforeMinutes' | 'bufferAfterMinutes'>,
): { start: Date; end: Date } {
  return {
    start: new Date(booking.start.getTime() - rules.bufferBeforeMinutes * TIME_MS.minute),
    end: new Date(booking.end.getTime() + rules.bufferAfterMinutes * TIME_MS.minute),
  };
}

/** The first instant at or after `instant` whose local time is a multiple of `stepMinutes`. */
export function ceilToStep(instant: number, stepMinutes: number, timeZone: string): number {
  const step = stepMinutes * TIME_MS.minute;
  const offset = offsetAt(instant, timeZone);
  const rounded = Math.ceil((instant + offset) / step) * step - offset;
  // Across an offset change the local grid moves; take the grid of the instant reached.
  const after = offsetAt(rounded, timeZone);
  return after === offset ? rounded : Math.ceil((instant + after) / step) * step - after;
}

/** The last instant at or before `instant` whose local time is a multiple of `stepMinutes`. */
export function floorToStep(instant: number, stepMinutes: number, timeZone: string): number {
  const step = stepMinutes * TIME_MS.minute;
  const offset = offsetAt(instant, timeZone);
  const rounded = Math.floor((instant + offset) / step) * step - offset;
  const before = offsetAt(rounded, timeZone);
  return before === offset ? rounded : Math.floor((instant + before) / step) * step - before;
}

/**
 * Free slots a customer can book under the listing's booking rules:
 * - seat-holding bookings block their held range widened so a new booking's own held range
 *   cannot touch it (the buffers of both sides fit between two bookings, exactly what the
 *   bookings table's exclusion constraint allows);
 * - nothing starts before now + advance notice, nothing ends after the booking window
 *   (today + window − 1 days, in the listing's zone);
 * - starts and ends fall on the slot-step grid of the listing's local time;
 * - a free stretch shorter than the minimum booking length is left out.
 * The maximum length does not cut slots: it bounds the end a booking may choose
 * (`isBookableRange`).
 */
export function bookableSlots(input: BookableSlotsRulesInput): TimeSlot[] {
  const rules = input.rules ?? DEFAULT_BOOKING_RULES;
  const zone = input.plan.timezone;
  const window = bookableWindow(input.now, zone, rules.bookingWindowDays);
  const from = Math.max(
    input.start.getTime(),
    input.now.getTime() + rules.advanceNoticeMinutes * TIME_MS.minute,
  );
  const to = Math.min(input.end.getTime(), window.end.getTime());
  if (!(to > from)) return [];

  const blocking = (input.bookings ?? [])
    .filter((b) => SEAT_HOLDING_BOOKING_STATES.includes(b.state))
    .map((b) => ({
      ...b,
      start: new Date(b.start.getTime() - rules.bufferAfterMinutes * TIME_MS.minute),
      end: new Date(b.end.getTime() + rules.bufferBeforeMinutes * TIME_MS.minute),
    }));
  const free = computeTimeSlots({
    plan: input.plan,
    exceptions: input.exceptions ?? [],
    bookings: blocking,
    start: new Date(from),
    end: new Date(to),
  });

  const minimum = rules.minDurationMinutes * TIME_MS.minute;
  const slots: TimeSlot[] = [];
  for (const slot of free) {
    const start = ceilToStep(slot.start.getTime(), rules.slotStepMinutes, zone);
    const end = floorToStep(slot.end.getTime(), rules.slotStepMinutes, zone);
    if (end - start >= minimum) slots.push({ ...slot, start: new Date(start), end: new Date(end) });
  }
  return slots;
}

/**
 * True when a booking of [start, end) obeys the rules inside the bookable slots: both ends on
 * the step grid, its length between the minimum and the maximum, and all of it in one slot.
 */
export function isBookableRange(
  slots: readonly TimeSlot[],
  start: Date,
  end: Date,
  rules: BookingRules,
  timeZone: string,
): boolean {
  const length = end.getTime() - start.getTime();
  if (length < rules.minDurationMinutes * TIME_MS.minute) return false;
  if (rules.maxDurationMinutes !== null && length > rules.maxDurationMinutes * TIME_MS.minute) return false;
  const onGrid = (t: number) => ceilToStep(t, rules.slotStepMinutes, timeZone) === t;
  if (!onGrid(start.getTime()) || !onGrid(end.getTime())) return false;
  const slot = slotContaining(slots, start);
  return slot !== null && end.getTime() <= slot.end.getTime();
}
