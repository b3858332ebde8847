import { z } from 'zod';
import { BOOKING_RULE_LIMITS, MARKETPLACE } from '../config/constants.ts';
import { MESSAGES as M } from './messages.ts';
import { priceOfferSchema } from './messaging.ts';
import { form, isDatePair, isoDateTime, optionalTextArea, uuid } from './shared.ts';

/** Request schemas of the transactions API (issue 11). */

/** The range checks judge two dates only (see `isDatePair`). */
const bothDates = (v: { bookingStart: unknown; bookingEnd: unknown }) =>
  isDatePair(v.bookingStart, v.bookingEnd);

const endAfterStart = (v: { bookingStart: Date; bookingEnd: Date }) =>
  !bothDates(v) || v.bookingEnd.getTime() > v.bookingStart.getTime();

/** No booking lasts longer than the booking window: longer ranges are refused before any pricing. */
const MAX_BOOKING_MS = BOOKING_RULE_LIMITS.durationMaxMinutes * 60_000;
const withinMaxDuration = (v: { bookingStart: Date; bookingEnd: Date }) =>
  !bothDates(v) || v.bookingEnd.getTime() - v.bookingStart.getTime() <= MAX_BOOKING_MS;

/** `POST /api/transactions/line-items` and `/speculate`. */
export const bookingTimesSchema = form({
  listingId: uuid(),
  bookingStart: isoDateTime(),
  bookingEnd: isoDateTime(),
  /**
   * Issue 12: the enquiry the booking continues (its customer only): the price is the accepted
   * offer's, read on the server. No price is ever taken from the client.
   */
  transactionId: uuid().optional(),
})
  .refine(endAfterStart, { error: M.endBeforeStart, path: ['bookingEnd'] })
  .refine(withinMaxDuration, { error: M.timeRangeInvalid, path: ['bookingEnd'] });

/** `POST /api/transactions`: a booking request with the card choice and the message to the host. */
export const initiateTransactionSchema = form({
  listingId: uuid(),
  transition: z.enum(['request-payment', 'request-payment-after-enquiry'], { error: M.invalid }),
  /** Required with `request-payment-after-enquiry` (the enquiry it continues), refused otherwise. */
  transactionId: uuid().optional(),
  bookingStart: isoDateTime(),
  bookingEnd: isoDateTime(),
  paymentMethod: z.enum(['default', 'new'], { error: M.invalid }),
  saveCard: z.boolean({ error: M.invalid }),
  message: optionalTextArea(5000),
})
  .refine(endAfterStart, { error: M.endBeforeStart, path: ['bookingEnd'] })
  .refine(withinMaxDuration, { error: M.timeRangeInvalid, path: ['bookingEnd'] })
  .refine((v) => (v.transition === 'request-payment-after-enquiry') === (v.transactionId !== undefined), {
    error: M.invalid,
    path: ['transactionId'],
  });

/** `POST /api/transactions/:id/offers`: the provider's per-hour offer in euros ("25", "25,50" or 25.5). */
export const offerRequestSchema = form({
  price: z
    .union([z.string({ error: M.required }), z.number({ error: M.offerAmountInvalid })], {
      error: M.offerAmountInvalid,
    })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(priceOfferSchema(MARKETPLACE.currency).shape.offer),
});

/** `POST /api/transactions/:id/offers/answer`: the customer accepts or declines the open offer. */
export const offerAnswerSchema = form({
  answer: z.enum(['accept', 'decline'], { error: M.invalid }),
});

/** `POST /api/transactions/:id/transitions`. */
export const transitionRequestSchema = form({
  transition: z.string({ error: M.invalid }).min(1, { error: M.invalid }).max(100, { error: M.invalid }),
  params: z.record(z.string(), z.unknown()).optional(),
});

export const transactionParamsSchema = form({ id: uuid() });

/** `Idempotency-Key` header: a client-chosen key, a UUID by the contract (any 8–255 printable chars accepted). */
export const idempotencyKeySchema = z
  .string({ error: M.required })
  .regex(/^[\x21-\x7e]{8,255}$/, { error: M.invalid });

const positiveInt = (max: number, fallback: number) =>
  z.coerce
    .number({ error: M.numberInvalid })
    .int({ error: M.numberInvalid })
    .min(1, { error: M.numberInvalid })
    .max(max, { error: M.numberInvalid })
    .default(fallback);

/** `GET /api/transactions?only=order|sale&page=&perPage=&lastTransitions=a,b`. */
export const transactionListQuerySchema = form({
  only: z.enum(['order', 'sale'], { error: M.invalid }).optional(),
  page: positiveInt(10_000, 1),
  perPage: positiveInt(100, 20),
  lastTransitions: z
    .string({ error: M.invalid })
    .max(2000, { error: M.invalid })
    .transform((value) => value.split(',').filter((part) => part.length > 0))
    .optional(),
});
