import { describe, expect, it } from 'vitest';
import { PROCESS_STATES, type ProcessState } from './booking-process.ts';
import { holdsSeats } from './seats.ts';
import { createTransaction, transition } from './transition.ts';

describe('holdsSeats', () => {
  it.each([
    ['pending-payment', true],
    ['preauthorized', true],
    ['accepted', true],
    ['initial', false],
    ['enquiry', false],
    ['payment-expired', false],
    ['declined', false],
    ['canceled', false],
    ['delivered', false],
    ['reviewed-by-customer', false],
    ['reviewed-by-provider', false],
    ['reviewed', false],
  ] as const)('%s → %s', (state, holds) => {
    expect(holdsSeats(state)).toBe(holds);
  });

  it('answers for every state of the process', () => {
    expect(PROCESS_STATES.filter((state: ProcessState) => holdsSeats(state))).toHaveLength(3);
  });

  it('holds from the payment request and releases at expire-payment', () => {
    const now = new Date('2026-05-04T06:00:00Z');
    const tx = createTransaction({ id: 't', customerId: 'c', providerId: 'p', createdAt: now });
    const requested = transition(tx, 'request-payment', 'customer', now);
    expect(requested.ok && holdsSeats(requested.transaction.state)).toBe(true);
    if (!requested.ok) return;
    const expired = transition(
      requested.transaction,
      'expire-payment',
      'system',
      new Date(now.getTime() + 15 * 60_000),
    );
    expect(expired.ok && holdsSeats(expired.transaction.state)).toBe(false);
  });
});
