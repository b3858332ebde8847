import { MARKETPLACE } from '../config/constants.ts';
import { bookableWindow } from './bookable-window.ts';
import type { AvailabilityException } from './exceptions.ts';
import type { AvailabilityPlan } from './plan.ts';
import { computeTimeSlots, type SeatBooking, type TimeSlot } from './slots.ts';

export interface BookableSlotsInput {
  plan: AvailabilityPlan;
  exceptions?: readonly AvailabilityException[];
  bookings?: readonly SeatBooking[];
  now: Date;
  days?: number;
}

/** Free slots a customer can book: from now to the end of the bookable window. */
export function computeBookableTimeSlots(input: BookableSlotsInput): TimeSlot[] {
  const window = bookableWindow(
    input.now,
    input.plan.timezone,
    input.days ?? MARKETPLACE.daysAvailableForBooking,
  );
  return computeTimeSlots({
    plan: input.plan,
    exceptions: input.exceptions ?? [],
    bookings: input.bookings ?? [],
    start: window.start,
    end: window.end,
  });
}
