import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bookingFormSchema,
  bookingRequestSchema,
  lineItemsRequestSchema,
  shouldFetchLineItems,
} from './booking.ts';
import { MESSAGES as M } from './messages.ts';
import { billingAddressSchema, checkoutSchema, paymentMethodSchema } from './payment.ts';
import { datesParamSchema, priceFilterSchema, searchRequestSchema } from './search-filters.ts';
import { validate } from './shared.ts';

const errors = (schema: z.ZodType, input: unknown) => {
  const result = validate(schema, input);
  return result.ok ? {} : result.errors;
};
const LISTING = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('booking', () => {
  const form = {
    bookingStartDate: '2026-10-25',
    bookingStartTime: '2026-10-25T00:00:00.000Z',
    bookingEndDate: '2026-10-25',
    bookingEndTime: '2026-10-25T01:00:00.000Z',
  };

  it.each([
    [form, {}],
    [{ ...form, bookingEndTime: form.bookingStartTime }, { bookingEndTime: M.endBeforeStart }],
    [{ ...form, bookingStartTime: undefined }, { bookingStartTime: M.dateInvalid }],
    [{ ...form, bookingStartDate: '' }, { bookingStartDate: M.dateInvalid }],
  ])('form %j → %j', (input, expected) => {
    expect(errors(bookingFormSchema, input)).toEqual(expected);
  });

  it('asks for line items only when both times are set and differ', () => {
    expect(shouldFetchLineItems('2026-10-25T00:00:00Z', '2026-10-25T01:00:00Z')).toBe(true);
    expect(shouldFetchLineItems(new Date('2026-10-25T00:00:00Z'), '2026-10-25T00:00:00.000Z')).toBe(false);
    expect(shouldFetchLineItems(null, '2026-10-25T01:00:00Z')).toBe(false);
    expect(shouldFetchLineItems('2026-10-25T00:00:00Z', undefined)).toBe(false);
  });

  it('reads booking and line-item requests', () => {
    const request = {
      listingId: LISTING,
      bookingStart: '2026-03-29T00:00:00Z',
      bookingEnd: '2026-03-29T02:00:00Z',
      referral: true,
    };
    expect(lineItemsRequestSchema.parse(request)).toEqual({
      listingId: LISTING,
      bookingStart: new Date('2026-03-29T00:00:00Z'),
      bookingEnd: new Date('2026-03-29T02:00:00Z'),
      referral: true,
    });
    expect(bookingRequestSchema.parse({ ...request, initialMessage: '  Hola  ' }).initialMessage).toBe(
      'Hola',
    );
    expect(errors(bookingRequestSchema, { ...request, bookingEnd: request.bookingStart })).toEqual({
      bookingEnd: M.endBeforeStart,
    });
    expect(errors(lineItemsRequestSchema, { ...request, listingId: 'x', transactionId: 'y' })).toEqual({
      listingId: M.uuidInvalid,
      transactionId: M.uuidInvalid,
    });
  });
});

describe('search filters', () => {
  it.each([
    [{ minPrice: 10, maxPrice: 50 }, {}],
    [{ minPrice: 50, maxPrice: 10 }, { maxPrice: M.priceRangeInvalid }],
    [{ minPrice: 10.5, maxPrice: 50 }, { minPrice: M.numberInvalid }],
  ])('price filter %j → %j', (input, expected) => {
    expect(errors(priceFilterSchema(), input)).toEqual(expected);
  });

  it.each([
    ['2026-03-29,2026-03-30', null],
    ['2026-03-30,2026-03-29', M.endBeforeStart],
    ['2026-03-29', M.dateInvalid],
    ['2026-03-29,2026-03-30,2026-03-31', M.dateInvalid],
    // DATES_FILTER.maxDays (90) in all, across a daylight-saving change: the 90th day is the last.
    ['2026-03-01,2026-05-29', null],
    ['2026-03-01,2026-05-30', M.datesRangeTooLong],
  ])('dates %j → %s', (text, message) => {
    const result = datesParamSchema.safeParse(text);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });

  it('reads hours and people, refusing a reversed window and a crowd beyond the cap', () => {
    expect(searchRequestSchema.parse({ times: '10:00,14:00', people: '8' })).toMatchObject({
      times: { start: '10:00', end: '14:00' },
      people: 8,
    });
    const reversed = searchRequestSchema.safeParse({ times: '14:00,10:00' });
    expect(reversed.success ? null : reversed.error.issues[0]?.message).toBe('validation.times.rangeInvalid');
    expect(searchRequestSchema.safeParse({ people: '0' }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ people: '501' }).success).toBe(false);
  });

  it('reads a search request with defaults', () => {
    expect(searchRequestSchema.parse({})).toEqual({ page: 1, perPage: 24 });
    expect(
      searchRequestSchema.parse({
        page: '2',
        perPage: '10',
        keywords: ' sala ',
        bounds: '40.56,-3.52,40.31,-3.83',
        origin: '40.4,-3.7',
        mapSearch: 'true',
        price: '10,50',
        dates: '2026-10-25,2026-10-26',
        minDuration: '60',
        pub_category: 'has_any:cocina,sala',
        sort: '-price',
      }),
    ).toEqual({
      page: 2,
      perPage: 10,
      keywords: 'sala',
      bounds: { ne: { lat: 40.56, lng: -3.52 }, sw: { lat: 40.31, lng: -3.83 } },
      origin: { lat: 40.4, lng: -3.7 },
      mapSearch: true,
      price: { min: 10, max: 50 },
      dates: { start: '2026-10-25', end: '2026-10-26' },
      minDuration: 60,
      pub_category: ['cocina', 'sala'],
      sort: '-price',
    });
  });

  it('rejects bad search values with field keys', () => {
    expect(
      errors(searchRequestSchema, {
        page: '0',
        perPage: '500',
        bounds: '1,2',
        mapSearch: 'yes',
        price: '50,10',
        pub_category: 'castillo',
        sort: 'name',
      }),
    ).toEqual({
      page: M.numberInvalid,
      perPage: M.numberInvalid,
      bounds: M.invalid,
      mapSearch: M.invalid,
      price: M.priceRangeInvalid,
      'pub_category.0': M.categoryInvalid,
      sort: M.invalid,
    });
  });
});

describe('payment', () => {
  const address = { addressLine1: 'Calle Mayor 1', postal: '28013', city: 'Madrid', country: 'ES' };

  it('gives each missing billing field its own message', () => {
    expect(billingAddressSchema.parse({ ...address, addressLine2: ' ', state: '' })).toEqual(address);
    expect(errors(billingAddressSchema, {})).toEqual({
      addressLine1: M.billingAddressLine1Required,
      postal: M.billingPostalRequired,
      city: M.billingCityRequired,
      country: M.billingCountryRequired,
    });
    expect(errors(billingAddressSchema, { ...address, country: 'Spain' })).toEqual({
      country: M.billingCountryRequired,
    });
  });

  it('checks the payment method and the checkout form', () => {
    expect(errors(paymentMethodSchema, { paymentMethodId: '' })).toEqual({ paymentMethodId: M.required });
    expect(
      errors(checkoutSchema, {
        paymentMethod: 'onetimeCardPayment',
        cardholderName: 'Ana',
        billingAddress: address,
      }),
    ).toEqual({});
    expect(errors(checkoutSchema, { paymentMethod: 'cash', cardholderName: '' })).toEqual({
      paymentMethod: M.required,
      cardholderName: M.required,
    });
  });
});
