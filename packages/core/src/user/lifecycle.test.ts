import { describe, expect, it } from 'vitest';
import { PROCESS_STATES } from '../process/booking-process.ts';
import {
  ACCOUNT_DELETION_BLOCKING_STATES,
  blocksAccountDeletion,
  deletedAccountEmail,
  isHiddenUser,
} from './lifecycle.ts';

describe('account deletion', () => {
  it('is blocked only while a booking still moves money', () => {
    const blocking = PROCESS_STATES.filter(blocksAccountDeletion);
    expect(blocking).toEqual(['pending-payment', 'preauthorized', 'accepted']);
    expect(ACCOUNT_DELETION_BLOCKING_STATES).toEqual(blocking);
    for (const state of [
      'enquiry',
      'payment-expired',
      'declined',
      'canceled',
      'delivered',
      'reviewed',
    ] as const) {
      expect(blocksAccountDeletion(state)).toBe(false);
    }
  });

  it('gives a deleted account a unique address nobody receives mail at', () => {
    const a = deletedAccountEmail('0b8a3f52-5a43-4b1e-9d9b-6c2f0e0f6a11');
    const b = deletedAccountEmail('6f1d2c3b-0000-4000-8000-000000000001');
    expect(a).toBe('deleted-0b8a3f52-5a43-4b1e-9d9b-6c2f0e0f6a11@deleted.invalid');
    expect(a).not.toBe(b);
    expect(a.endsWith('.invalid')).toBe(true);
  });

  it('hides banned and deleted people', () => {
    expect(isHiddenUser({ banned: true })).toBe(true);
    expect(isHiddenUser({ deleted: true })).toBe(true);
    expect(isHiddenUser({ banned: false, deleted: false })).toBe(false);
    expect(isHiddenUser({})).toBe(false);
  });
});
