import { describe, expect, it } from 'vitest';
import { averageRating, reviewStatus, reviewTypeBy } from './reviews.ts';

describe('reviewTypeBy', () => {
  it('makes the customer review the provider and the provider the customer', () => {
    expect(reviewTypeBy('customer')).toBe('ofProvider');
    expect(reviewTypeBy('provider')).toBe('ofCustomer');
  });
});

describe('reviewStatus', () => {
  it.each([
    ['accepted', 'customer', false, 'not-yet'],
    ['delivered', 'customer', false, 'can-review'],
    ['delivered', 'provider', false, 'can-review'],
    ['reviewed-by-customer', 'customer', false, 'reviewed'],
    ['reviewed-by-customer', 'provider', false, 'can-review'],
    ['reviewed-by-provider', 'provider', false, 'reviewed'],
    ['reviewed-by-provider', 'customer', false, 'can-review'],
    ['reviewed', 'customer', true, 'reviewed'],
    ['reviewed', 'provider', false, 'closed'],
    ['canceled', 'customer', false, 'not-yet'],
  ] as const)('%s as %s (own review written: %s) is %s', (state, role, written, expected) => {
    expect(reviewStatus(state, role, written)).toBe(expected);
  });
});

describe('averageRating', () => {
  it('rounds half up to one decimal and is null without reviews', () => {
    expect(averageRating(17, 4)).toBe(4.3);
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(0, 0)).toBeNull();
  });
});
