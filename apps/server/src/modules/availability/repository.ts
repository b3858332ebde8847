import type { AvailabilityException } from '@hora/core/availability';
import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedFor } from '../../db/prepared.ts';
import { availabilityExceptions } from '../../db/schema/index.ts';

export interface StoredException extends AvailabilityException {
  readonly id: string;
}

const columns = {
  id: availabilityExceptions.id,
  start: availabilityExceptions.startsAt,
  end: availabilityExceptions.endsAt,
  seats: availabilityExceptions.seats,
};

/** The listing page asks for these on every view (its time slots). */
const exceptionsOverlapping = preparedFor((db) =>
  db
    .select(columns)
    .from(availabilityExceptions)
    .where(
      and(
        eq(availabilityExceptions.listingId, sql.placeholder('listingId')),
        lt(availabilityExceptions.startsAt, sql.placeholder('end')),
        gt(availabilityExceptions.endsAt, sql.placeholder('start')),
      ),
    )
    .orderBy(asc(availabilityExceptions.startsAt))
    .prepare('exceptions_overlapping'),
);

/** The only place the availability module touches the database. */
export function availabilityRepository(db: Executor) {
  return {
    /** Exceptions of a listing overlapping [start, end), in time order. */
    async exceptionsBetween(listingId: string, start: Date, end: Date): Promise<StoredException[]> {
      return exceptionsOverlapping(db).execute({ listingId, start, end });
    },

    /** Exceptions that have not ended yet: the ones the limit counts. */
    async countEndingAfter(listingId: string, instant: Date): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(availabilityExceptions)
        .where(
          and(eq(availabilityExceptions.listingId, listingId), gt(availabilityExceptions.endsAt, instant)),
        );
      return row?.value ?? 0;
    },

    /** Throws the database's exclusion violation when it overlaps another exception of the listing. */
    async insert(
      listingId: string,
      exception: { start: Date; end: Date; seats: number },
    ): Promise<StoredException> {
      const [row] = await db
        .insert(availabilityExceptions)
        .values({ listingId, startsAt: exception.start, endsAt: exception.end, seats: exception.seats })
        .returning(columns);
      return row as StoredException;
    },

    /** The exception removed, or undefined when the listing has no such exception. */
    async remove(listingId: string, exceptionId: string): Promise<StoredException | undefined> {
      const [removed] = await db
        .delete(availabilityExceptions)
        .where(
          and(eq(availabilityExceptions.listingId, listingId), eq(availabilityExceptions.id, exceptionId)),
        )
        .returning(columns);
      return removed;
    },
  };
}
