import { describe, expect, it } from 'vitest';
import { money } from '../money/money.ts';
import { bookingBlockReason } from './booking-gate.ts';

const ready = { viewerId: 'c1', authorId: 'p1', providerHasPayoutDetails: true };
const listing = { state: 'published' as const, price: money(2500, 'EUR') };

describe('booking gate', () => {
  it.each([
    [listing, ready, null],
    [listing, { ...ready, viewerId: null }, null],
    [{ ...listing, state: 'closed' as const }, ready, 'closed'],
    [listing, { ...ready, viewerId: 'p1' }, 'own-listing'],
    [{ ...listing, price: null }, ready, 'no-price'],
    [{ ...listing, price: money(2500, 'USD') }, ready, 'currency-mismatch'],
    [listing, { ...ready, marketplaceCurrency: 'USD' }, 'currency-mismatch'],
    [listing, { ...ready, providerHasPayoutDetails: false }, 'provider-no-payout'],
  ])('%j viewed with %j is blocked by %s', (l, context, reason) => {
    expect(bookingBlockReason(l, context)).toBe(reason);
  });
});
