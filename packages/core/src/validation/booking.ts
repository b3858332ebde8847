import { z } from 'zod';
import { MESSAGES as M } from './messages.ts';
import { dateKey, form, isDatePair, isoDateTime, optionalTextArea, uuid } from './shared.ts';

/**
 * Booking form: dates are local days, times the instants of the chosen options (ISO). Both
 * times must be set and the end after the start.
 */
export const bookingFormSchema = form({
  bookingStartDate: dateKey(),
  bookingStartTime: isoDateTime(),
  bookingEndDate: dateKey(),
  bookingEndTime: isoDateTime(),
}).refine((v) => !isDatePair(v.bookingStartTime, v.bookingEndTime) || v.bookingEndTime > v.bookingStartTime, {
  error: M.endBeforeStart,
  path: ['bookingEndTime'],
});

/** Line items are fetched only when both times are set and differ. */
export function shouldFetchLineItems(
  start: Date | string | null | undefined,
  end: Date | string | null | undefined,
) {
  if (!start || !end) return false;
  return new Date(start).getTime() !== new Date(end).getTime();
}

/**
 * Price breakdown and booking requests. The negotiated price is never taken from the client:
 * the server reads the accepted offer of `transactionId` (see offers/).
 */
const bookingTimes = {
  listingId: uuid(),
  bookingStart: isoDateTime(),
  bookingEnd: isoDateTime(),
  /** Booking after an enquiry continues that transaction. */
  transactionId: uuid().optional(),
  /** Apply the customer's unused referral discount. */
  referral: z.boolean({ error: M.invalid }).optional(),
};

const endAfterStart = (v: { bookingStart: Date; bookingEnd: Date }) =>
  !isDatePair(v.bookingStart, v.bookingEnd) || v.bookingEnd.getTime() > v.bookingStart.getTime();

export const lineItemsRequestSchema = form(bookingTimes).refine(endAfterStart, {
  error: M.endBeforeStart,
  path: ['bookingEnd'],
});

export const bookingRequestSchema = form({ ...bookingTimes, initialMessage: optionalTextArea() }).refine(
  endAfterStart,
  { error: M.endBeforeStart, path: ['bookingEnd'] },
);
