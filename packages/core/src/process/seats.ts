import type { ProcessState } from './booking-process.ts';

/**
 * The states whose booking holds its seats: from the payment request until the host decides, and
 * once accepted. The bookings table's `holds_seats` column is written from this one function (its
 * exclusion constraint applies `WHERE (holds_seats)`), and the time slots read the same column, so
 * the constraint and the slot computation cannot disagree.
 */
export const SEAT_HOLDING_STATES: readonly ProcessState[] = ['pending-payment', 'preauthorized', 'accepted'];

export function holdsSeats(state: ProcessState): boolean {
  return SEAT_HOLDING_STATES.includes(state);
}
