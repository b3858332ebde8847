import { describe, expect, it } from 'vitest';
import { bookingBlockOf } from './booking-block.ts';
import { listing } from './listing.fixture.ts';

describe('why a listing cannot be booked (spec part 2 §5.5)', () => {
  it('names each blocked case, and none for a bookable listing', () => {
    const author = listing().author;
    expect(bookingBlockOf(listing(), true)).toBeNull();
    expect(bookingBlockOf(listing({ author: { ...author, acceptsBookings: true } }), true)).toBeNull();
    expect(bookingBlockOf(listing({ price: null }), true)).toBe('noPrice');
    expect(bookingBlockOf(listing({ price: { amount: 2500, currency: 'USD' } }), true)).toBe(
      'currencyMismatch',
    );
    expect(bookingBlockOf(listing({ author: { ...author, acceptsBookings: false } }), true)).toBe(
      'noPayouts',
    );
    expect(bookingBlockOf(listing(), false)).toBe('slotsFailed');
  });
});
