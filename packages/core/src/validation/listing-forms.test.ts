import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  availabilityExceptionFormSchema,
  availabilityExceptionRequestSchema,
  availabilityPlanSchema,
} from './availability-forms.ts';
import {
  descriptionSchema,
  featuresSchema,
  locationSchema,
  photosSchema,
  pricingSchema,
  videoSchema,
} from './listing-forms.ts';
import { MESSAGES as M } from './messages.ts';
import { validate } from './shared.ts';

const errors = (schema: z.ZodType, input: unknown) => {
  const result = validate(schema, input);
  return result.ok ? {} : result.errors;
};
const LISTING = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const eur = (amount: number) => ({ amount, currency: 'EUR' });

describe('listing tabs', () => {
  it.each([
    ['descriptionSchema', descriptionSchema, { title: 'Sala', description: 'Luminosa' }, {}],
    [
      'descriptionSchema',
      descriptionSchema,
      { title: 'x'.repeat(61), description: '' },
      { title: M.titleTooLong, description: M.required },
    ],
    ['featuresSchema', featuresSchema, { category: ['sala', 'cocina'], capacity: 12 }, {}],
    ['featuresSchema', featuresSchema, { category: ['sala'], capacity: '8', certificate: '', rules: '' }, {}],
    ['featuresSchema', featuresSchema, { category: [], capacity: 1 }, { category: M.categoryRequired }],
    [
      'featuresSchema',
      featuresSchema,
      { category: ['castillo'], capacity: 1 },
      { 'category.0': M.categoryInvalid },
    ],
    ['featuresSchema', featuresSchema, { category: ['sala'] }, { capacity: M.required }],
    ['featuresSchema', featuresSchema, { category: ['sala'], capacity: 0 }, { capacity: M.capacityInvalid }],
    [
      'featuresSchema',
      featuresSchema,
      { category: ['sala'], capacity: 10_001 },
      { capacity: M.capacityInvalid },
    ],
    [
      'featuresSchema',
      featuresSchema,
      { category: ['sala'], capacity: 2.5 },
      { capacity: M.capacityInvalid },
    ],
    [
      'featuresSchema',
      featuresSchema,
      { category: ['sala'], capacity: 2, certificate: 'x'.repeat(201), rules: 'y'.repeat(5001) },
      { certificate: M.tooLong, rules: M.textTooLong },
    ],
    ['videoSchema', videoSchema, { video: 'https://www.youtube.com/embed/x' }, {}],
    ['videoSchema', videoSchema, { video: '' }, {}],
    ['videoSchema', videoSchema, {}, {}],
    ['videoSchema', videoSchema, { video: 'ftp://x' }, { video: M.urlInvalid }],
    [
      'locationSchema',
      locationSchema,
      { location: { address: 'Calle Mayor 1', origin: { lat: 40.4, lng: -3.7 } } },
      {},
    ],
    [
      'locationSchema',
      locationSchema,
      { location: { address: 'Calle Mayor 1' } },
      { 'location.origin': M.required },
    ],
    ['locationSchema', locationSchema, {}, { location: M.placeRequired }],
    ['photosSchema', photosSchema, { images: ['img1'] }, {}],
    ['photosSchema', photosSchema, { images: [] }, { images: M.imagesRequired }],
  ] as [string, z.ZodType, unknown, Record<string, string>][])(
    '%s %j → %j',
    (_name, schema, input, expected) => {
      expect(errors(schema, input)).toEqual(expected);
    },
  );

  it.each([
    [{ negociation: 'no', price: eur(2500) }, {}],
    [{ negociation: 'no', price: eur(-1) }, { price: M.moneyTooLow }],
    [{ negociation: 'no', price: { amount: 2500, currency: 'USD' } }, { price: M.currencyInvalid }],
    [{ negociation: 'no' }, { price: M.required }],
    [{ negociation: 'yes', minPrice: 10, maxPrice: 30 }, {}],
    [{ negociation: 'yes', minPrice: '10', maxPrice: '30,5' }, {}],
    [{ negociation: 'yes', minPrice: 30, maxPrice: 10 }, { maxPrice: M.priceRangeInvalid }],
    [{ negociation: 'yes', minPrice: -1, maxPrice: 10 }, { minPrice: M.numberInvalid }],
    [{ negociation: 'yes' }, { minPrice: M.required, maxPrice: M.required }],
    [{}, { negociation: M.required }],
  ])('pricing %j → %j', (input, expected) => {
    expect(errors(pricingSchema(), input)).toEqual(expected);
  });

  it('applies a configured minimum price', () => {
    expect(errors(pricingSchema({ minPriceMinor: 500 }), { negociation: 'no', price: eur(499) })).toEqual({
      price: M.moneyTooLow,
    });
    expect(pricingSchema().parse({ negociation: 'yes', minPrice: '10', maxPrice: '30,5' })).toEqual({
      negociation: 'yes',
      minPrice: 10,
      maxPrice: 30.5,
    });
  });
});

describe('availability forms', () => {
  const plan = (entries: unknown[], timezone = 'Europe/Madrid') => ({
    type: 'availability-plan/time',
    timezone,
    entries,
  });

  it('accepts 24:00 and stores it as 00:00', () => {
    expect(
      availabilityPlanSchema.parse(
        plan([
          { dayOfWeek: 'mon', seats: 1, startTime: '07:00', endTime: '14:00' },
          { dayOfWeek: 'mon', seats: 1, startTime: '16:00', endTime: '24:00' },
        ]),
      ).entries,
    ).toEqual([
      { dayOfWeek: 'mon', seats: 1, startTime: '07:00', endTime: '14:00' },
      { dayOfWeek: 'mon', seats: 1, startTime: '16:00', endTime: '00:00' },
    ]);
  });

  it.each([
    [[{ dayOfWeek: 'mon', seats: 1, startTime: '09:00' }], { 'entries.0.startTime': M.planTimeMissing }],
    [
      [{ dayOfWeek: 'mon', seats: 1, startTime: '10:00', endTime: '09:00' }],
      { 'entries.0.endTime': M.planEndNotAfterStart },
    ],
    [
      [{ dayOfWeek: 'mon', seats: 2, startTime: '09:00', endTime: '10:00' }],
      { 'entries.0.seats': M.planSeats },
    ],
    [
      [
        { dayOfWeek: 'mon', seats: 1, startTime: '09:00', endTime: '12:00' },
        { dayOfWeek: 'mon', seats: 1, startTime: '11:00', endTime: '13:00' },
      ],
      { 'entries.1.startTime': M.planOverlap },
    ],
    [
      [
        { dayOfWeek: 'mon', seats: 1, startTime: '12:00', endTime: '13:00' },
        { dayOfWeek: 'mon', seats: 1, startTime: '09:00', endTime: '10:00' },
      ],
      { 'entries.1.startTime': M.planUnordered },
    ],
    [
      [{ dayOfWeek: 'lun', seats: 1, startTime: '09:00', endTime: '10:00' }],
      { 'entries.0.dayOfWeek': M.invalid },
    ],
    [
      [{ dayOfWeek: 'mon', seats: 1, startTime: '9', endTime: '10:00' }],
      { 'entries.0.startTime': M.planTimeInvalid },
    ],
  ])('plan %j → %j', (entries, expected) => {
    expect(errors(availabilityPlanSchema, plan(entries))).toEqual(expected);
  });

  it('refuses an unknown time zone', () => {
    expect(errors(availabilityPlanSchema, plan([], 'Europe/Atlantis'))).toEqual({
      timezone: M.timeZoneInvalid,
    });
  });

  const exception = {
    availability: 'not-available',
    exceptionStartDate: '2026-10-25',
    exceptionStartTime: '22:00',
    exceptionEndDate: '2026-10-25',
    exceptionEndTime: '24:00',
  };

  it.each([
    [exception, {}],
    [{ ...exception, exceptionEndTime: '22:00' }, { exceptionEndTime: M.endBeforeStart }],
    [{ ...exception, exceptionEndDate: '2026-10-24' }, { exceptionEndTime: M.endBeforeStart }],
    [{ ...exception, exceptionStartDate: '2026-02-30' }, { exceptionStartDate: M.dateInvalid }],
    [{ ...exception, exceptionStartTime: '25:00' }, { exceptionStartTime: M.timeInvalid }],
    [{ ...exception, availability: 'maybe' }, { availability: M.required }],
  ])('exception form %j → %j', (input, expected) => {
    expect(errors(availabilityExceptionFormSchema, input)).toEqual(expected);
  });

  it('checks exception requests', () => {
    const request = {
      listingId: LISTING,
      start: '2026-10-25T10:00:00Z',
      end: '2026-10-25T12:00:00Z',
      seats: 0,
    };
    expect(availabilityExceptionRequestSchema.parse(request).start).toEqual(new Date('2026-10-25T10:00:00Z'));
    expect(errors(availabilityExceptionRequestSchema, { ...request, end: request.start })).toEqual({
      end: M.endBeforeStart,
    });
    expect(errors(availabilityExceptionRequestSchema, { ...request, seats: -1 })).toEqual({
      seats: M.invalid,
    });
  });
});
