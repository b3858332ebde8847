import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEFAULT_BOOKING_RULES } from '../listing/views.ts';
import {
  availabilityExceptionCreateRequestSchema,
  bookingRulesSchema,
  listingAvailabilityRequestSchema,
  listingImageOrderRequestSchema,
  listingLocationRequestSchema,
  listingPricingRequestSchema,
  ownListingsQuerySchema,
  timeSlotsQuerySchema,
} from './listing-requests.ts';
import { MESSAGES as M } from './messages.ts';
import { validate } from './shared.ts';

const errors = (schema: z.ZodType, input: unknown) => {
  const result = validate(schema, input);
  return result.ok ? {} : result.errors;
};
const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const ID2 = '4f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const rules = (overrides: Record<string, unknown>) => ({ ...DEFAULT_BOOKING_RULES, ...overrides });

describe('bookingRulesSchema', () => {
  it.each([
    [DEFAULT_BOOKING_RULES, {}],
    [rules({ slotStepMinutes: 30, minDurationMinutes: 90, maxDurationMinutes: 240 }), {}],
    [rules({ maxDurationMinutes: '' }), {}],
    [rules({ minDurationMinutes: 90 }), { minDurationMinutes: M.bookingLengthOffStep }],
    [rules({ minDurationMinutes: 0 }), { minDurationMinutes: M.numberInvalid }],
    [
      rules({ minDurationMinutes: 120, maxDurationMinutes: 60 }),
      { maxDurationMinutes: M.bookingMaxBelowMin },
    ],
    [rules({ maxDurationMinutes: 150 }), { maxDurationMinutes: M.bookingLengthOffStep }],
    [
      rules({ bufferBeforeMinutes: -1, bufferAfterMinutes: 1441 }),
      {
        bufferBeforeMinutes: M.numberInvalid,
        bufferAfterMinutes: M.numberInvalid,
      },
    ],
    [rules({ advanceNoticeMinutes: 30 * 1440 + 1 }), { advanceNoticeMinutes: M.numberInvalid }],
    [rules({ bookingWindowDays: 0 }), { bookingWindowDays: M.numberInvalid }],
    [rules({ bookingWindowDays: 91 }), { bookingWindowDays: M.numberInvalid }],
    [rules({ slotStepMinutes: 15 }), { slotStepMinutes: M.invalid }],
  ])('%j → %j', (input, expected) => {
    expect(errors(bookingRulesSchema, input)).toEqual(expected);
  });

  it('reads numbers typed in fields', () => {
    expect(
      bookingRulesSchema.parse(rules({ slotStepMinutes: '30', minDurationMinutes: '60' })),
    ).toMatchObject({
      slotStepMinutes: 30,
      minDurationMinutes: 60,
      maxDurationMinutes: null,
    });
  });
});

describe('listing requests', () => {
  const plan = {
    type: 'availability-plan/time',
    timezone: 'Europe/Madrid',
    entries: [{ dayOfWeek: 'mon', seats: 1, startTime: '09:00', endTime: '24:00' }],
  };
  it.each([
    [
      'location',
      listingLocationRequestSchema,
      { address: 'Calle Mayor 1, Madrid', origin: { lat: 40.4, lng: -3.7 } },
      {},
    ],
    [
      'location',
      listingLocationRequestSchema,
      { address: ' ', origin: { lat: 91, lng: 0 } },
      {
        address: M.placeRequired,
        'origin.lat': M.invalid,
      },
    ],
    [
      'location',
      listingLocationRequestSchema,
      { address: 'x', origin: { lat: 1, lng: 1 }, building: 'b'.repeat(201) },
      {
        building: M.tooLong,
      },
    ],
    [
      'pricing',
      listingPricingRequestSchema,
      { negociation: 'no', price: { amount: 2500, currency: 'EUR' } },
      {},
    ],
    [
      'pricing',
      listingPricingRequestSchema,
      { negociation: 'no', price: { amount: 2500, currency: 'USD' } },
      {
        price: M.currencyInvalid,
      },
    ],
    [
      'pricing',
      listingPricingRequestSchema,
      { negociation: 'yes', minPrice: 20, maxPrice: 10 },
      {
        maxPrice: M.priceRangeInvalid,
      },
    ],
    ['availability', listingAvailabilityRequestSchema, { plan, bookingRules: DEFAULT_BOOKING_RULES }, {}],
    ['availability', listingAvailabilityRequestSchema, { plan }, { bookingRules: M.invalid }],
    [
      'exception',
      availabilityExceptionCreateRequestSchema,
      { start: '2026-05-04T08:00:00Z', end: '2026-05-04T09:00:00Z', seats: 0 },
      {},
    ],
    [
      'exception',
      availabilityExceptionCreateRequestSchema,
      { start: '2026-05-04T08:00:00Z', end: '2026-05-04T08:00:00Z', seats: 1 },
      {
        end: M.endBeforeStart,
      },
    ],
    [
      'exception',
      availabilityExceptionCreateRequestSchema,
      { start: '2026-05-04T08:00:00Z', end: '2026-05-04T09:00:00Z', seats: 2 },
      {
        seats: M.invalid,
      },
    ],
    ['own listings', ownListingsQuerySchema, { page: '0' }, { page: M.numberInvalid }],
    ['time slots', timeSlotsQuerySchema, { start: '2026-05-04T00:00:00Z', end: '2026-08-12T00:00:00Z' }, {}],
    [
      'time slots',
      timeSlotsQuerySchema,
      { start: '2026-05-04T00:00:00Z', end: '2026-08-12T00:00:01Z' },
      { end: M.invalid },
    ],
    [
      'time slots',
      timeSlotsQuerySchema,
      { start: 'mañana', end: '2026-05-04T00:00:00Z' },
      { start: M.dateInvalid },
    ],
    ['image order', listingImageOrderRequestSchema, { imageIds: [ID, ID2] }, {}],
    [
      'image order',
      listingImageOrderRequestSchema,
      { imageIds: [ID, ID] },
      { imageIds: M.imageOrderInvalid },
    ],
    ['image order', listingImageOrderRequestSchema, { imageIds: ['x'] }, { 'imageIds.0': M.uuidInvalid }],
    [
      'image order',
      listingImageOrderRequestSchema,
      { imageIds: Array.from({ length: 51 }, () => ID) },
      {
        imageIds: M.imageOrderInvalid,
      },
    ],
  ] as [string, z.ZodType, unknown, Record<string, string>][])(
    '%s %j → %j',
    (_name, schema, input, expected) => {
      expect(errors(schema, input)).toEqual(expected);
    },
  );

  it('defaults the page to 1 and reads it from the query', () => {
    expect(ownListingsQuerySchema.parse({})).toEqual({ page: 1 });
    expect(ownListingsQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
  });
});
