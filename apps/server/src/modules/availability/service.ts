import { bookableSlots, exceptionsQueryRange } from '@hora/core/availability';
import { LIMITS, TIME_MS } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import type { AvailabilityExceptionView } from '@hora/core/listing';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { withTransaction } from '../../db/executor.ts';
import type { Viewer } from '../../http/viewer.ts';
import { assertOwner, assertVisible } from '../listings/access.ts';
import type { FreeTimeRefresher } from '../listings/ports.ts';
import { listingRepository } from '../listings/repository.ts';
import type { SeatBookingsReader } from './bookings.ts';
import { availabilityRepository, type StoredException } from './repository.ts';

export interface AvailabilityServiceDeps {
  db: Database;
  clock: Clock;
  bookings: SeatBookingsReader;
  /** The search's free time: exceptions change it. */
  freeTime: FreeTimeRefresher;
}

export interface TimeSlotView {
  start: string;
  end: string;
  seats: number;
}

const NO_OVERLAP_CONSTRAINT = 'availability_exceptions_no_overlap';

function exceptionView(exception: StoredException): AvailabilityExceptionView {
  return {
    id: exception.id,
    start: exception.start.toISOString(),
    end: exception.end.toISOString(),
    seats: exception.seats,
  };
}

/** The database refusing an exception that overlaps another (the exclusion constraint), however wrapped. */
function isOverlap(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23P01' && constraint === NO_OVERLAP_CONSTRAINT) return true;
  }
  return false;
}

function exceptionsLimit(title: string, meta: Record<string, unknown>): AppError {
  return new AppError('listing-exceptions-limit', { title, meta });
}

/**
 * Availability exceptions (spec part 1 §3) and the free time slots a listing offers. Slots are
 * core's `bookableSlots`: the plan, the exceptions, the bookings that hold seats and the
 * listing's booking rules, so the page, the booking form and search agree.
 */
export function availabilityService({ db, clock, bookings, freeTime }: AvailabilityServiceDeps) {
  const listings = listingRepository(db);
  const exceptions = availabilityRepository(db);

  async function ownedListing(viewer: Viewer, listingId: string) {
    return assertOwner(viewer, (await listings.findWithAuthor(listingId))?.listing);
  }

  return {
    /** The exceptions of the coming 364 days, in time order (what the availability tab lists). */
    async listExceptions(viewer: Viewer, listingId: string): Promise<AvailabilityExceptionView[]> {
      await ownedListing(viewer, listingId);
      const range = exceptionsQueryRange(clock.now());
      return (await exceptions.exceptionsBetween(listingId, range.start, range.end)).map(exceptionView);
    },

    /**
     * At most 100 exceptions that have not ended, each starting now or later and ending within
     * 364 days; never overlapping another (the database's exclusion constraint decides, so two
     * requests at once cannot both win). The listing row is locked while counting.
     */
    async createException(
      viewer: Viewer,
      listingId: string,
      input: { start: Date; end: Date; seats: number },
    ): Promise<AvailabilityExceptionView> {
      const now = clock.now();
      const latest = now.getTime() + LIMITS.availabilityExceptionsFetchDays * TIME_MS.day;
      try {
        return await withTransaction(db, async (tx) => {
          assertOwner(viewer, await listingRepository(tx).lock(listingId));
          if (input.start.getTime() < now.getTime()) {
            throw exceptionsLimit('An exception cannot start in the past', { field: 'start' });
          }
          if (input.end.getTime() > latest) {
            throw exceptionsLimit('An exception must end within 364 days', { field: 'end' });
          }
          const repository = availabilityRepository(tx);
          const max = LIMITS.availabilityExceptionsMaxShown;
          if ((await repository.countEndingAfter(listingId, now)) >= max) {
            throw exceptionsLimit(`A listing has at most ${max} exceptions`, { max });
          }
          const created = exceptionView(await repository.insert(listingId, input));
          await freeTime.refresh(tx, [listingId]);
          return created;
        });
      } catch (error) {
        if (isOverlap(error)) throw new AppError('listing-exception-overlap', { meta: { field: 'start' } });
        throw error;
      }
    },

    async deleteException(
      viewer: Viewer,
      listingId: string,
      exceptionId: string,
    ): Promise<AvailabilityExceptionView> {
      await ownedListing(viewer, listingId);
      const removed = await withTransaction(db, async (tx) => {
        const gone = await availabilityRepository(tx).remove(listingId, exceptionId);
        if (gone) await freeTime.refresh(tx, [listingId]);
        return gone;
      });
      if (!removed) throw new AppError('not-found', { title: 'Availability exception not found' });
      return exceptionView(removed);
    },

    /**
     * Free slots in [start, end) under the listing's booking rules. A closed listing, or one
     * without a plan, offers none; drafts and pending listings answer only their owner.
     */
    async timeSlots(
      viewer: Viewer | null,
      listingId: string,
      range: { start: Date; end: Date },
    ): Promise<TimeSlotView[]> {
      // One round trip: what holds the range is read alongside the listing and dropped unseen
      // when the listing is not visible to this viewer.
      const [found, listed, booked] = await Promise.all([
        listings.findWithAuthor(listingId),
        exceptions.exceptionsBetween(listingId, range.start, range.end),
        bookings.seatHoldingBookings(listingId, range),
      ]);
      const { listing } = assertVisible(viewer, found);
      if (listing.state === 'closed' || listing.availabilityPlan === null) return [];
      const slots = bookableSlots({
        plan: listing.availabilityPlan,
        exceptions: listed,
        bookings: booked,
        rules: listing.bookingRules,
        now: clock.now(),
        start: range.start,
        end: range.end,
      });
      return slots.map((slot) => ({
        start: slot.start.toISOString(),
        end: slot.end.toISOString(),
        seats: slot.seats,
      }));
    },
  };
}

export type AvailabilityService = ReturnType<typeof availabilityService>;
