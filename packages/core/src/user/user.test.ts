import { describe, expect, it } from 'vitest';
import {
  cookieConsentExpiresAt,
  isCardExpired,
  isVerificationEmailAllowed,
  missingInformationReminder,
  paymentMethodAction,
  showLimitedAccessBanner,
  userDisplay,
} from './account.ts';
import { isPremium, shouldResetSubscriptions, subscriptionTier } from './subscription.ts';

const ids = { premiumPriceId: 'price_premium', standardPriceId: 'price_standard' };

describe('subscription tier', () => {
  it.each([
    [['price_premium'], 'premium'],
    [['price_standard', 'price_premium'], 'premium'],
    [['price_standard'], 'standard'],
    [['price_other'], 'none'],
    [[], 'none'],
    [null, 'none'],
    [undefined, 'none'],
  ])('%j → %s', (subscriptions, tier) => {
    expect(subscriptionTier(subscriptions, ids)).toBe(tier);
  });

  it('unlocks premium features and resets on an empty check', () => {
    expect(isPremium('premium')).toBe(true);
    expect(isPremium('standard')).toBe(false);
    expect(shouldResetSubscriptions([])).toBe(true);
    expect(shouldResetSubscriptions([{ status: 'past_due' }])).toBe(false);
  });
});

describe('missing-information reminder', () => {
  const base = {
    emailVerified: true,
    stripeConnected: true,
    hasListings: false,
    hasOrders: false,
    routeName: 'LandingPage',
  };

  it.each([
    [{}, null],
    [{ emailVerified: false }, null],
    [{ emailVerified: false, hasOrders: true }, 'EMAIL_VERIFICATION'],
    [{ emailVerified: false, hasListings: true, stripeConnected: false }, 'EMAIL_VERIFICATION'],
    [{ hasListings: true, stripeConnected: false }, 'STRIPE_ACCOUNT'],
    [{ hasOrders: true, stripeConnected: false }, null],
    [{ hasListings: true, stripeConnected: false, routeName: 'StripePayoutPage' }, null],
    [{ hasListings: true, stripeConnected: false, routeName: 'SandboxOnboardingPage' }, null],
    [{ emailVerified: false, hasOrders: true, routeName: 'EmailVerificationPage' }, null],
  ])('%j → %s', (override, reminder) => {
    expect(missingInformationReminder({ ...base, ...override })).toBe(reminder);
  });
});

describe('account display rules', () => {
  it.each([
    [['user:limited'], 'LandingPage', true],
    [['user:limited'], 'SearchPage', false],
    [['user'], 'LandingPage', false],
    [['user', 'user:limited'], 'LandingPage', false],
  ])('scopes %j on %s show the banner: %s', (scopes, route, shown) => {
    expect(showLimitedAccessBanner(scopes, route)).toBe(shown);
  });

  it('hides banned and deleted users', () => {
    expect(userDisplay({ banned: true, displayName: 'Ana' })).toEqual({
      kind: 'banned',
      linkToProfile: false,
    });
    expect(userDisplay({ deleted: true })).toEqual({ kind: 'deleted', linkToProfile: false });
    expect(userDisplay({ displayName: 'Ana P' })).toEqual({
      kind: 'active',
      name: 'Ana P',
      linkToProfile: true,
    });
    expect(userDisplay({})).toEqual({ kind: 'active', name: '', linkToProfile: true });
  });

  it.each([
    [{ expirationMonth: 2, expirationYear: 2026 }, true],
    [{ expirationMonth: 3, expirationYear: 2026 }, false],
    [{ expirationMonth: 1, expirationYear: 2027 }, false],
    [{ expirationMonth: 12, expirationYear: 2025 }, true],
  ])('card %j expired on 2026-03-29: %s', (card, expired) => {
    expect(isCardExpired(card, '2026-03-29')).toBe(expired);
  });

  it.each([
    [{ hasCustomer: false, hasDefaultPaymentMethod: false }, 'create-customer'],
    [{ hasCustomer: true, hasDefaultPaymentMethod: true }, 'replace'],
    [{ hasCustomer: true, hasDefaultPaymentMethod: false }, 'add'],
  ])('saving a card with %j means %s', (state, action) => {
    expect(paymentMethodAction(state)).toBe(action);
  });
});

describe('limits in time', () => {
  it('keeps cookie consent for 10 years, leap days included', () => {
    expect(cookieConsentExpiresAt(new Date('2026-03-29T10:00:00Z'))).toEqual(
      new Date('2036-03-29T10:00:00Z'),
    );
    expect(cookieConsentExpiresAt(new Date('2024-02-29T10:00:00Z'))).toEqual(
      new Date('2034-03-01T10:00:00Z'),
    );
  });

  it('allows 5 verification emails in 24 hours', () => {
    const now = new Date('2026-03-29T12:00:00Z');
    // The send exactly 24 hours ago no longer counts: 4 within the window.
    const sent = [
      '2026-03-28T12:00:00Z',
      '2026-03-28T13:00:00Z',
      '2026-03-29T01:00:00Z',
      '2026-03-29T02:00:00Z',
      '2026-03-29T03:00:00Z',
    ].map((iso) => new Date(iso));
    expect(isVerificationEmailAllowed(sent, now)).toBe(true);
    expect(isVerificationEmailAllowed([...sent, new Date('2026-03-29T11:00:00Z')], now)).toBe(false);
    expect(isVerificationEmailAllowed([...sent, new Date('2026-03-29T11:00:00Z')], now, 6)).toBe(true);
  });
});
