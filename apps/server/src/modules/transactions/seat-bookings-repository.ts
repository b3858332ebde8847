import type { SeatBooking } from '@hora/core/availability';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedFor } from '../../db/prepared.ts';
import { bookings } from '../../db/schema/index.ts';
import type { SeatBookingsReader } from '../availability/bookings.ts';

/** The seat-holding bookings of listings, for the time slots and the search's free time. */
export const seatHolding = preparedFor((db) =>
  db
    .select({ start: sql<string>`lower(${bookings.during})`, end: sql<string>`upper(${bookings.during})` })
    .from(bookings)
    .where(
      and(
        eq(bookings.listingId, sql.placeholder('listingId')),
        eq(bookings.holdsSeats, true),
        sql`${bookings.during} && tstzrange(${sql.placeholder('start')}::timestamptz, ${sql.placeholder('end')}::timestamptz)`,
      ),
    )
    .prepare('seat_holding_bookings'),
);

/**
 * The bookings table as the availability module and the search read it: the held ranges (buffers
 * included) of the listing's seat-holding bookings that touch the range.
 */
export function seatBookingsReader(db: Executor): SeatBookingsReader {
  return {
    async seatHoldingBookings(listingId, range, executor) {
      const rows = await seatHolding(executor ?? db).execute({
        listingId,
        start: range.start.toISOString(),
        end: range.end.toISOString(),
      });
      return rows.map(
        (row): SeatBooking => ({ start: new Date(row.start), end: new Date(row.end), state: 'accepted' }),
      );
    },

    async listingsWithBookings(listingIds, range, executor) {
      const rows = await (executor ?? db)
        .selectDistinct({ id: bookings.listingId })
        .from(bookings)
        .where(
          and(
            eq(bookings.holdsSeats, true),
            listingIds === null ? undefined : inArray(bookings.listingId, [...listingIds]),
            sql`${bookings.during} && tstzrange(${range.start.toISOString()}::timestamptz, ${range.end.toISOString()}::timestamptz)`,
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
  };
}
