import type { SeatBooking } from '@hora/core/availability';
import type { Executor } from '../../db/executor.ts';

/**
 * The bookings that hold a listing's seats, with the range each holds (buffers included, as the
 * bookings table stores it). The transactions module implements it over its bookings table
 * (`seatBookingsReader`). `executor`, when given, is the caller's transaction: a booking written
 * in it and not yet committed is seen (the free-time refresh of the booking's own transaction).
 */
export interface SeatBookingsReader {
  seatHoldingBookings(
    listingId: string,
    range: { start: Date; end: Date },
    executor?: Executor,
  ): Promise<SeatBooking[]>;
  /**
   * Which of the listings (all when null) have a seat-holding booking touching the range: one read
   * instead of one per listing when the search's free time of every listing is recomputed.
   */
  listingsWithBookings?(
    listingIds: readonly string[] | null,
    range: { start: Date; end: Date },
    executor?: Executor,
  ): Promise<Set<string>>;
}

/** No booking anywhere: for tests of what bookings do not touch. */
export const noBookings: SeatBookingsReader = {
  seatHoldingBookings: async () => [],
};
