import type { SeatBooking } from '@hora/core/availability';

/**
 * The bookings that hold a listing's seats, with the range each holds (buffers included, as the
 * bookings table stores it). Bookings come with transactions (issue 11): their module implements
 * this over its table and `buildApp` passes it in; until then no listing has any.
 */
export interface SeatBookingsReader {
  seatHoldingBookings(listingId: string, range: { start: Date; end: Date }): Promise<SeatBooking[]>;
}

export const noBookings: SeatBookingsReader = {
  seatHoldingBookings: async () => [],
};
