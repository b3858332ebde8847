import { describe, expect, it } from 'vitest';
import { transaction } from './checkout.fixture.ts';
import { newIdempotencyKey, unwrapData } from './checkout-api.ts';
import { windowDeadline } from './checkout-flow.ts';
import { formatTimeLeft } from './payment-window.ts';

describe('checkout helpers', () => {
  it('makes version 4 UUIDs for idempotency keys, a new one each time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    expect(newIdempotencyKey((bytes) => bytes.fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('counts the 15 minutes on this browser’s clock from the server’s two instants', () => {
    // The server's clock may be a test clock months away: only the difference counts.
    const tx = transaction({
      lastTransitionedAt: '2030-01-01T10:00:00.000Z',
      payment: { ...transaction().payment, expiresAt: '2030-01-01T10:15:00.000Z' },
    });
    expect(windowDeadline(tx, 5_000)).toBe(5_000 + 15 * 60_000);
    expect(windowDeadline(transaction({ payment: { ...tx.payment, expiresAt: null } }), 5_000)).toBeNull();
  });

  it('shows the time left as minutes and seconds', () => {
    expect(formatTimeLeft(15 * 60_000)).toBe('15:00');
    expect(formatTimeLeft(61_500)).toBe('1:02');
    expect(formatTimeLeft(0)).toBe('0:00');
  });

  it('reads answers with or without their `data` wrapper', () => {
    expect(unwrapData({ data: { card: null } })).toEqual({ card: null });
    expect(unwrapData({ transaction: { id: 'x' } })).toEqual({ transaction: { id: 'x' } });
  });
});
