import { z } from 'zod';
import { PLAN_ENTRY_SEATS } from '../availability/plan.ts';
import { BOOKING_RULE_LIMITS, LIMITS, PAGE_SIZES, TIME_MS } from '../config/constants.ts';
import { availabilityPlanSchema } from './availability-forms.ts';
import { descriptionSchema, featuresSchema, pricingSchema, wholeNumber } from './listing-forms.ts';
import { MESSAGES as M } from './messages.ts';
import { form, isoDateTime, latLng, optionalString, requiredString, uuid } from './shared.ts';

/**
 * Request schemas of the listing API (one per entry point). The wizard's forms validate the
 * same ones, so a field the browser lets through is one the server takes.
 */

/** Object checks run even when a field failed: only compare dates that parsed. */
const endAfterStart = (v: { start: unknown; end: unknown }) =>
  !(v.start instanceof Date && v.end instanceof Date) || v.end.getTime() > v.start.getTime();

/** `POST /api/listings`: the description tab creates the draft. */
export const createListingRequestSchema = descriptionSchema;

/** `PUT /api/own-listings/:id/description`. */
export const listingDescriptionRequestSchema = descriptionSchema;

/** `PUT /api/own-listings/:id/features`. */
export const listingFeaturesRequestSchema = featuresSchema;

/**
 * `PUT /api/own-listings/:id/location`: the address as typed or picked, the pin (maybe dragged
 * to the door) and an optional building. The server resolves the address again.
 */
export const listingLocationRequestSchema = form({
  address: requiredString(M.placeRequired, { max: 500 }),
  origin: latLng(),
  building: optionalString(LIMITS.lineMax),
});

/** `PUT /api/own-listings/:id/pricing`: in the marketplace currency only. */
export const listingPricingRequestSchema = pricingSchema();

/** An optional maximum typed in a field: empty means no maximum. */
const optionalMinutes = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  wholeNumber(1, BOOKING_RULE_LIMITS.durationMaxMinutes).nullable(),
);

/**
 * Booking rules (beyond the spec). Lengths are multiples of the slot step, so a booking that
 * starts on the grid also ends on it; the maximum is not below the minimum.
 */
export const bookingRulesSchema = form({
  minDurationMinutes: wholeNumber(1, BOOKING_RULE_LIMITS.durationMaxMinutes),
  maxDurationMinutes: optionalMinutes,
  bufferBeforeMinutes: wholeNumber(0, BOOKING_RULE_LIMITS.bufferMaxMinutes),
  bufferAfterMinutes: wholeNumber(0, BOOKING_RULE_LIMITS.bufferMaxMinutes),
  advanceNoticeMinutes: wholeNumber(0, BOOKING_RULE_LIMITS.advanceNoticeMaxMinutes),
  bookingWindowDays: wholeNumber(1, BOOKING_RULE_LIMITS.bookingWindowMaxDays),
  slotStepMinutes: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(30), z.literal(60)], { error: M.invalid }),
  ),
}).superRefine((rules, ctx) => {
  // Runs even when a field failed: compare only values that parsed.
  const step = rules.slotStepMinutes;
  if (!BOOKING_RULE_LIMITS.slotSteps.includes(step) || !Number.isInteger(rules.minDurationMinutes)) return;
  if (rules.minDurationMinutes % step !== 0)
    ctx.addIssue({ code: 'custom', message: M.bookingLengthOffStep, path: ['minDurationMinutes'] });
  const max = rules.maxDurationMinutes;
  if (typeof max !== 'number' || !Number.isInteger(max)) return;
  if (max < rules.minDurationMinutes)
    ctx.addIssue({ code: 'custom', message: M.bookingMaxBelowMin, path: ['maxDurationMinutes'] });
  else if (max % step !== 0)
    ctx.addIssue({ code: 'custom', message: M.bookingLengthOffStep, path: ['maxDurationMinutes'] });
});

/** `PUT /api/own-listings/:id/availability`: the weekly plan and the booking rules. */
export const listingAvailabilityRequestSchema = form({
  plan: availabilityPlanSchema,
  bookingRules: bookingRulesSchema,
});

/** `POST /api/own-listings/:id/availability-exceptions`: the listing is in the path. */
export const availabilityExceptionCreateRequestSchema = form({
  start: isoDateTime(),
  end: isoDateTime(),
  seats: z
    .number({ error: M.required })
    .int({ error: M.invalid })
    .min(0, { error: M.invalid })
    .max(PLAN_ENTRY_SEATS, { error: M.invalid }),
}).refine(endAfterStart, { error: M.endBeforeStart, path: ['end'] });

/** `GET /api/own-listings?page=N`. */
export const ownListingsQuerySchema = form({
  page: z.coerce
    .number({ error: M.numberInvalid })
    .int({ error: M.numberInvalid })
    .min(1, { error: M.numberInvalid })
    .max(10_000, { error: M.numberInvalid })
    .default(1),
});

export const OWN_LISTINGS_PER_PAGE = PAGE_SIZES.manageListings;

/** `GET /api/listings/:id/time-slots?start&end`: at most 100 days at once. */
export const timeSlotsQuerySchema = form({ start: isoDateTime(), end: isoDateTime() })
  .refine(endAfterStart, { error: M.endBeforeStart, path: ['end'] })
  .refine(
    (v) =>
      !(v.start instanceof Date && v.end instanceof Date) ||
      v.end.getTime() - v.start.getTime() <= LIMITS.timeSlotsQueryMaxDays * TIME_MS.day,
    {
      error: M.invalid,
      path: ['end'],
    },
  );

/** `PUT /api/own-listings/:id/images/order`: every photo id once, cover first. */
export const listingImageOrderRequestSchema = form({
  imageIds: z
    .array(uuid(), { error: M.required })
    .min(1, { error: M.imagesRequired })
    .max(LIMITS.listingImagesMax, { error: M.imageOrderInvalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: M.imageOrderInvalid }),
});

/** Path parameters of the listing routes. */
export const listingIdParamsSchema = form({ id: uuid() });
export const availabilityExceptionParamsSchema = form({ id: uuid(), exceptionId: uuid() });
export const listingImageParamsSchema = form({ id: uuid(), imageId: uuid() });
