import { describe, expect, it } from 'vitest';
import { availabilityExceptionRequestSchema } from './availability-forms.ts';
import { bookingFormSchema, bookingRequestSchema, lineItemsRequestSchema } from './booking.ts';
import { MESSAGES as M } from './messages.ts';
import { bookingTimesSchema, initiateTransactionSchema } from './transactions.ts';

const listingId = '6f1c1c9e-2b1a-4c1e-9a1e-1c1e1c1e1c1e';
const initiate = { listingId, transition: 'request-payment', paymentMethod: 'new', saveCard: false };

describe('booking time ranges', () => {
  it.each([
    ['bookingTimesSchema', bookingTimesSchema, { listingId }],
    ['initiateTransactionSchema', initiateTransactionSchema, initiate],
    ['lineItemsRequestSchema', lineItemsRequestSchema, { listingId }],
    ['bookingRequestSchema', bookingRequestSchema, { listingId }],
  ] as const)('%s: a date that is not one is an issue, never a thrown TypeError', (_name, schema, rest) => {
    for (const [start, end] of [
      ['2026-13-45T08:00:00Z', '2026-05-05T08:00:00Z'],
      ['yesterday', 'tomorrow'],
      [42, { a: 1 }],
    ]) {
      const parsed = schema.safeParse({ ...rest, bookingStart: start, bookingEnd: end });
      expect(parsed.success).toBe(false);
    }
  });

  it('refuses a booking longer than the booking window (90 days), before any pricing', () => {
    const long = bookingTimesSchema.safeParse({
      listingId,
      bookingStart: '2026-05-05T08:00:00Z',
      bookingEnd: '3026-05-05T08:00:00Z',
    });
    expect(long.success ? null : long.error.issues[0]?.message).toBe(M.timeRangeInvalid);
    const ninety = bookingTimesSchema.safeParse({
      listingId,
      bookingStart: '2026-05-05T08:00:00Z',
      bookingEnd: '2026-08-03T08:00:00Z',
    });
    expect(ninety.success).toBe(true);
    const request = initiateTransactionSchema.safeParse({
      ...initiate,
      bookingStart: '0001-01-01T00:00:00Z',
      bookingEnd: '9999-12-31T23:00:00Z',
    });
    expect(request.success).toBe(false);
  });

  it('the booking form and an availability exception refuse a bad date as an issue too', () => {
    expect(
      bookingFormSchema.safeParse({
        bookingStartDate: '2026-05-05',
        bookingStartTime: 'x',
        bookingEndDate: '2026-05-05',
        bookingEndTime: '2026-05-05T10:00:00Z',
      }).success,
    ).toBe(false);
    expect(
      availabilityExceptionRequestSchema.safeParse({ listingId, start: 'x', end: 'y', seats: 0 }).success,
    ).toBe(false);
  });
});
