import { describe, expect, it } from 'vitest';
import { parseSeen, reminderToShow } from './reminder-state.ts';

const unverifiedHost = { emailVerified: false, stripeConnected: false, hasListings: true, hasOrders: false };
const none = new Set<never>();

describe('reminderToShow', () => {
  it('asks a host or customer with an unverified email to verify it first', () => {
    expect(reminderToShow(unverifiedHost, '/', none)).toBe('EMAIL_VERIFICATION');
    expect(reminderToShow({ ...unverifiedHost, hasListings: false, hasOrders: true }, '/s', none)).toBe(
      'EMAIL_VERIFICATION',
    );
  });

  it('asks a verified host without a payout account for payout details', () => {
    expect(reminderToShow({ ...unverifiedHost, emailVerified: true }, '/', none)).toBe('STRIPE_ACCOUNT');
    expect(
      reminderToShow({ ...unverifiedHost, emailVerified: true, stripeConnected: true }, '/', none),
    ).toBeNull();
  });

  it('says nothing to someone with neither listings nor orders, or to a visitor', () => {
    expect(reminderToShow({ ...unverifiedHost, hasListings: false }, '/', none)).toBeNull();
    expect(reminderToShow(null, '/', none)).toBeNull();
  });

  it.each([
    '/login',
    '/signup',
    '/account/contact-details',
    '/verify-email',
    '/reset-password',
    '/account/payments',
  ])('stays away from %s, where the person fixes it', (path) => {
    expect(reminderToShow(unverifiedHost, path, none)).toBeNull();
  });

  it('stays away from the payments sandbox’s onboarding, which stands in for the provider’s pages', () => {
    expect(reminderToShow(unverifiedHost, '/sandbox/connect/b3f1c2d4', none)).toBeNull();
    expect(
      reminderToShow({ ...unverifiedHost, emailVerified: true }, '/sandbox/connect/b3f1', none),
    ).toBeNull();
  });

  it('stays closed once seen, while the other reminder can still show', () => {
    expect(reminderToShow(unverifiedHost, '/', new Set(['EMAIL_VERIFICATION']))).toBeNull();
    const verifiedHost = { ...unverifiedHost, emailVerified: true };
    expect(reminderToShow(verifiedHost, '/', new Set(['EMAIL_VERIFICATION']))).toBe('STRIPE_ACCOUNT');
  });
});

describe('parseSeen', () => {
  it('reads the stored list and ignores anything else', () => {
    expect([...parseSeen('["EMAIL_VERIFICATION","nope"]')]).toEqual(['EMAIL_VERIFICATION']);
    expect([...parseSeen('not json')]).toEqual([]);
    expect([...parseSeen(null)]).toEqual([]);
  });
});
