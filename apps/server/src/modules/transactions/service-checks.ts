/**
 * What a booking is checked and priced against before anything is written: the published listing,
 * its line items (at an enquiry's accepted price), the free time that must hold the range, and
 * the enquiry a booking continues.
 */
import {
  type AvailabilityException,
  bookableSlots,
  isBookableRange,
  type SeatBooking,
} from '@hora/core/availability';
import { BOOKING_RULE_LIMITS, MARKETPLACE, TIME_MS } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import { money } from '@hora/core/money';
import { bookingLineItems, totals } from '@hora/core/pricing';
import type { BreakdownView } from '@hora/core/transactions';
import type { Viewer } from '../../http/viewer.ts';
import { availabilityRepository } from '../availability/repository.ts';
import type { ListingRecord, ListingWithAuthor } from '../listings/record.ts';
import { priceOf } from '../listings/record.ts';
import type { RequestContext, StoredTransaction } from './repository.ts';
import type { BookingTimes, ServiceContext } from './service.ts';
import { notFound } from './service-views.ts';

/** The listing, and what holds the booking's range, as the checks read them. */
interface Around {
  listing: Promise<ListingWithAuthor | undefined>;
  exceptions: Promise<readonly AvailabilityException[]>;
  bookings: Promise<readonly SeatBooking[]>;
}

/**
 * The range whose seat-holding bookings the checks read: the booking within the largest buffers a
 * listing may have, and a day (the listing's own buffers are not known yet).
 */
export function aroundOf(input: BookingTimes): { start: Date; end: Date } {
  const margin = TIME_MS.day + 2 * BOOKING_RULE_LIMITS.bufferMaxMinutes * TIME_MS.minute;
  return {
    start: new Date(input.bookingStart.getTime() - margin),
    end: new Date(input.bookingEnd.getTime() + margin),
  };
}

export type BookingChecks = ReturnType<typeof bookingChecks>;

export function bookingChecks(context: ServiceContext) {
  const { deps, repository, listings } = context;
  const { db, clock } = deps;

  /**
   * The published listing and the line items of the range: computed here, never taken from a client.
   * With an enquiry (`enquiry`), the per-hour price its customer accepted, read from its row; a
   * negotiable listing is booked from an enquiry only at an accepted price (the panel stays hidden
   * until then, spec part 1 §4 negotiation).
   */
  async function quote(
    input: BookingTimes,
    read = listings.findWithAuthor(input.listingId),
    enquiry: StoredTransaction | null = null,
  ) {
    const found = await read;
    if (found?.listing.state !== 'published') {
      throw new AppError('transaction-listing-not-found', { meta: { listingId: input.listingId } });
    }
    const { listing } = found as NonNullable<typeof found>;
    const agreed = enquiry?.transaction.negotiatedUnitPrice ?? null;
    if (enquiry && listing.negotiation === 'yes' && agreed === null) {
      throw new AppError('transaction-offer-not-allowed', {
        meta: { transactionId: enquiry.transaction.id, reason: 'offer-not-accepted' },
      });
    }
    const lineItems = bookingLineItems({
      listingPrice: priceOf(listing),
      start: input.bookingStart,
      end: input.bookingEnd,
      timeZone: listing.timeZone,
      negotiation:
        agreed === null
          ? null
          : {
              status: 'accepted',
              unitPrice: money(agreed, enquiry?.transaction.currency ?? MARKETPLACE.currency),
            },
      options: { marketplaceCurrency: MARKETPLACE.currency },
    });
    const sums = totals(lineItems, MARKETPLACE.currency);
    const breakdown: BreakdownView = {
      lineItems,
      payinTotal: sums.payinTotal,
      payoutTotal: sums.payoutTotal,
      booking: { start: input.bookingStart.toISOString(), end: input.bookingEnd.toISOString() },
      timeZone: listing.timeZone,
    };
    return { listing, lineItems, sums, breakdown };
  }

  /**
   * What holds the range, read alongside the listing (one round trip): the exceptions, and the
   * bookings within the largest buffers a listing may have (the listing's own are not known yet).
   */
  function readAround(input: BookingTimes): Around {
    return {
      listing: listings.findWithAuthor(input.listingId),
      exceptions: exceptionsOf(input.listingId, input.bookingStart, input.bookingEnd),
      bookings: deps.bookings.seatHoldingBookings(input.listingId, aroundOf(input)),
    };
  }

  /** The range is inside one bookable slot (plan, exceptions, rules, the bookings holding seats). */
  async function assertBookable(listing: ListingRecord, start: Date, end: Date, around: Around) {
    const plan = listing.availabilityPlan;
    const rules = listing.bookingRules;
    const available =
      plan !== null &&
      isBookableRange(
        bookableSlots({
          plan,
          exceptions: await around.exceptions,
          bookings: await around.bookings,
          rules,
          now: clock.now(),
          start,
          end,
        }),
        start,
        end,
        rules,
        plan.timezone,
      );
    if (!available) {
      throw new AppError('transaction-booking-time-not-available', { meta: { listingId: listing.id } });
    }
  }

  async function exceptionsOf(listingId: string, start: Date, end: Date) {
    return availabilityRepository(db).exceptionsBetween(listingId, start, end);
  }

  /**
   * The enquiry a booking continues, for its customer only (anyone else: 404), on its own listing,
   * while it is still an enquiry; null when the booking continues none.
   */
  async function enquiryOf(viewer: Viewer | null, input: BookingTimes): Promise<StoredTransaction | null> {
    if (!input.transactionId) return null;
    if (!viewer) throw new AppError('unauthorized');
    const stored = await repository.find(input.transactionId);
    if (!stored || stored.transaction.customerId !== viewer.id) throw notFound();
    const row = stored.transaction;
    if (row.listingId !== input.listingId) {
      throw new AppError('validation-invalid-value', {
        title: 'The enquiry is about another listing',
        meta: { field: 'listingId', reason: 'listing-mismatch' },
      });
    }
    if (row.state !== 'enquiry') {
      throw new AppError('transaction-invalid-transition', {
        meta: {
          transactionId: row.id,
          state: row.state,
          transition: 'request-payment-after-enquiry',
          actor: 'customer',
          reason: 'not-enquiry',
        },
      });
    }
    const [provider] = await repository.partiesOf([row.providerId]);
    if (provider?.banned || provider?.deletedAt) {
      throw new AppError('transaction-invalid-transition', {
        meta: {
          transactionId: row.id,
          transition: 'request-payment-after-enquiry',
          reason: 'provider-banned',
        },
      });
    }
    return stored;
  }

  /** What a real booking checks before it writes: not one's own listing, a host who can be paid, free time. */
  async function check(
    viewer: Viewer,
    input: BookingTimes,
    enquiry: StoredTransaction | null = null,
    read?: RequestContext,
  ) {
    const around: Around = read
      ? {
          listing: Promise.resolve(read.found),
          exceptions: Promise.resolve(read.exceptions),
          bookings: Promise.resolve(read.bookings),
        }
      : readAround(input);
    // Nothing read alongside may go unhandled when the listing's answer ends the request first.
    around.exceptions.catch(() => {});
    around.bookings.catch(() => {});
    const quoted = await quote(input, around.listing, enquiry);
    const { listing } = quoted;
    if (listing.authorId === viewer.id) {
      throw new AppError('transaction-own-listing', { meta: { listingId: listing.id } });
    }
    if (!(await deps.payoutReadiness.isReady(listing.authorId))) {
      throw new AppError('transaction-missing-stripe-account', { meta: { listingId: listing.id } });
    }
    await assertBookable(listing, input.bookingStart, input.bookingEnd, around);
    if (quoted.sums.payinTotal.amount <= 0) throw new AppError('transaction-charge-zero-payin');
    if (quoted.sums.payoutTotal.amount <= 0) throw new AppError('transaction-charge-zero-payout');
    return quoted;
  }

  return { quote, enquiryOf, check };
}
