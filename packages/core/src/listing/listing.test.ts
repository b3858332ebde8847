import { describe, expect, it } from 'vitest';
import { money } from '../money/money.ts';
import { isNegotiable } from './listing.ts';
import {
  isPriceCurrencyValid,
  listingPriceDisplay,
  negotiationMidpointPrice,
  pricingUpdate,
} from './pricing.ts';
import {
  canPublishWithPayoutAccount,
  hasListings,
  hasPayoutRequirements,
  listingPageRoute,
  listingStateAfter,
  manageListingCard,
  onboardingReturnAction,
  payoutStatus,
} from './states.ts';

const eur = (amount: number) => money(amount, 'EUR');

describe('listing states', () => {
  it.each([
    ['draft', 'ListingPageVariant', 'draft'],
    ['pendingApproval', 'ListingPageVariant', 'pending-approval'],
    ['published', 'ListingPage', undefined],
    ['closed', 'ListingPage', undefined],
  ] as const)('%s shows on %s', (state, name, variant) => {
    const route = listingPageRoute({ id: 'l1', title: 'Sala Uno', state });
    expect(route.name).toBe(name);
    expect(route.params).toEqual({ slug: 'sala-uno', id: 'l1', ...(variant ? { variant } : {}) });
  });

  it.each([
    ['draft', 'publish', false, 'published'],
    ['draft', 'publish', true, 'pendingApproval'],
    ['published', 'close', false, 'closed'],
    ['closed', 'open', false, 'published'],
  ] as const)('%s --%s (approval %s)--> %s', (state, action, requireApproval, next) => {
    expect(listingStateAfter(state, action, { requireApproval })).toBe(next);
  });

  it.each([
    ['published', 'open'],
    ['closed', 'close'],
    ['published', 'publish'],
    ['pendingApproval', 'close'],
  ] as const)('refuses to %2$s a %1$s listing', (state, action) => {
    expect(() => listingStateAfter(state, action)).toThrow(`Cannot ${action} a listing in state ${state}`);
  });

  it.each([
    ['draft', { overlay: null, finishDraftTab: 'photos', canOpen: false, canClose: false }],
    [
      'pendingApproval',
      { overlay: 'pending-approval', finishDraftTab: null, canOpen: false, canClose: false },
    ],
    ['published', { overlay: null, finishDraftTab: null, canOpen: false, canClose: true }],
    ['closed', { overlay: 'closed', finishDraftTab: null, canOpen: true, canClose: false }],
  ] as const)('the manage card of a %s listing is %j', (state, card) => {
    expect(manageListingCard(state)).toEqual(card);
  });

  it('calls a user a host when the first own listing is not closed', () => {
    expect(hasListings([])).toBe(false);
    expect(hasListings([{ state: 'draft' }])).toBe(true);
    expect(hasListings([{ state: 'closed' }, { state: 'published' }])).toBe(false);
  });
});

describe('payout account gating', () => {
  it.each([
    [null, false, 'verificationNeeded'],
    [{}, true, 'verificationSuccess'],
    [{ requirements: { past_due: [], currently_due: [] } }, true, 'verificationSuccess'],
    [{ requirements: { past_due: ['external_account'] } }, false, 'verificationNeeded'],
    [{ requirements: { currently_due: ['individual.id_number'] } }, false, 'verificationNeeded'],
  ])('account %j: can publish %s, status %s', (account, publishable, status) => {
    expect(canPublishWithPayoutAccount(account)).toBe(publishable);
    expect(hasPayoutRequirements(account)).toBe(account !== null && !publishable);
    expect(payoutStatus(account)).toBe(status);
  });

  it('reports a failure and handles the onboarding return', () => {
    expect(payoutStatus({}, true)).toBe('verificationError');
    expect(onboardingReturnAction('success', {})).toBe('continue');
    expect(onboardingReturnAction('success', { requirements: { currently_due: ['x'] } })).toBe(
      'verification-needed',
    );
    expect(onboardingReturnAction('failure', {})).toBe('new-account-link');
  });
});

describe('listing prices', () => {
  it.each([
    [10, 15, 1250],
    [10, 15.01, 1251], // 1250.5 rounds half-up
    [0, 0, 0],
    [20, 20, 2000],
  ])('the midpoint of %s and %s € is %i cents', (min, max, cents) => {
    expect(negotiationMidpointPrice(min, max)).toEqual(eur(cents));
  });

  it('uses the currency minor units', () => {
    expect(negotiationMidpointPrice(1000, 1501, 'JPY')).toEqual(money(1251, 'JPY'));
  });

  it('turns the pricing form into a listing update', () => {
    expect(pricingUpdate({ negociation: 'yes', minPrice: 10, maxPrice: 30 })).toEqual({
      price: eur(2000),
      publicData: { negociation: 'yes', minPrice: 10, maxPrice: 30 },
    });
    expect(pricingUpdate({ negociation: 'yes', minPrice: 10, maxPrice: 30, price: eur(1500) }).price).toEqual(
      eur(1500),
    );
    expect(pricingUpdate({ negociation: 'no', price: eur(2500) })).toEqual({
      price: eur(2500),
      publicData: { negociation: 'no' },
    });
  });

  it.each([
    [
      { price: eur(2500), publicData: { negociation: 'no' } },
      { kind: 'price', text: '25,00\u00a0€' },
    ],
    [
      { price: eur(2000), publicData: { negociation: 'yes', minPrice: 10, maxPrice: 30 } },
      { kind: 'range', text: '10,00\u00a0€ – 30,00\u00a0€' },
    ],
    [
      { price: eur(2000), publicData: { negociation: 'yes' } },
      { kind: 'price', text: '20,00\u00a0€' },
    ],
    [{ price: money(2500, 'USD') }, { kind: 'unsupported-currency', text: '(USD)' }],
    [{ price: null }, { kind: 'none' }],
  ] as const)('displays %j as %j', (listing, expected) => {
    expect(listingPriceDisplay(listing)).toMatchObject(expected);
  });

  it('formats in another locale and checks the currency', () => {
    expect(listingPriceDisplay({ price: eur(2500) }, { locale: 'en-GB' })).toMatchObject({ text: '€25.00' });
    expect(isPriceCurrencyValid(eur(1))).toBe(true);
    expect(isPriceCurrencyValid(null)).toBe(true);
    expect(isPriceCurrencyValid(money(1, 'USD'))).toBe(false);
    expect(isNegotiable({ publicData: { negociation: 'yes' } })).toBe(true);
    expect(isNegotiable({ publicData: null })).toBe(false);
  });
});
