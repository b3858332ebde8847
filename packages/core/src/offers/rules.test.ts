import { describe, expect, it } from 'vitest';
import { money } from '../money/money.ts';
import type { ProcessState } from '../process/booking-process.ts';
import type { OfferEvent } from './negotiation.ts';
import { answerRefusal, type OfferContext, offerRefusal } from './rules.ts';

const eur = (amount: number) => money(amount, 'EUR');
let minute = 0;
const event = (kind: OfferEvent['kind'], amount: number, senderId: string): OfferEvent => ({
  kind,
  price: eur(amount),
  senderId,
  createdAt: new Date(Date.UTC(2026, 4, 4, 10, minute++)),
});
const offered = (amount: number) => event('offered', amount, 'p1');
const accepted = (amount: number) => event('accepted', amount, 'c1');
const declined = (amount: number) => event('declined', amount, 'c1');

const context = (overrides: Partial<OfferContext> = {}): OfferContext => ({
  customerId: 'c1',
  providerId: 'p1',
  role: 'provider',
  state: 'enquiry',
  listingNegotiable: true,
  partyUnavailable: false,
  offers: [],
  ...overrides,
});

describe('who may send an offer', () => {
  it('lets the provider of a negotiable listing offer during the enquiry', () => {
    expect(offerRefusal(context())).toBeNull();
    expect(offerRefusal(context({ offers: [offered(2000), declined(2000)] }))).toBeNull();
  });

  it.each<[string, Partial<OfferContext>, string]>([
    ['the customer', { role: 'customer' }, 'not-provider'],
    ['a listing without negotiation', { listingNegotiable: false }, 'not-negotiable'],
    ['a banned or deleted party', { partyUnavailable: true }, 'party-unavailable'],
    ['an offer waiting for its answer', { offers: [offered(2000)] }, 'offer-open'],
    ['an accepted offer', { offers: [offered(2000), accepted(2000)] }, 'offer-accepted'],
  ])('refuses %s', (_label, overrides, reason) => {
    expect(offerRefusal(context(overrides))).toBe(reason);
  });

  it.each<ProcessState>([
    'pending-payment',
    'preauthorized',
    'accepted',
    'delivered',
    'reviewed',
    'payment-expired',
  ])('refuses once the enquiry became a booking (%s)', (state) => {
    expect(offerRefusal(context({ state }))).toBe('not-enquiry');
  });
});

describe('who may answer an offer', () => {
  it('lets the customer answer the provider’s latest open offer, at its price', () => {
    expect(answerRefusal(context({ role: 'customer', offers: [offered(1500)] }))).toEqual({
      refusal: null,
      price: eur(1500),
    });
    const again = [offered(1500), declined(1500), offered(1800)];
    expect(answerRefusal(context({ role: 'customer', offers: again }))).toEqual({
      refusal: null,
      price: eur(1800),
    });
  });

  it.each<[string, Partial<OfferContext>, string]>([
    ['the provider', { role: 'provider', offers: [offered(1500)] }, 'not-customer'],
    ['no offer', { role: 'customer' }, 'no-open-offer'],
    ['an answered offer', { role: 'customer', offers: [offered(1500), declined(1500)] }, 'no-open-offer'],
    ['an accepted offer', { role: 'customer', offers: [offered(1500), accepted(1500)] }, 'no-open-offer'],
    [
      'a booking already requested',
      { role: 'customer', state: 'pending-payment', offers: [offered(1500)] },
      'not-enquiry',
    ],
    [
      'a banned party',
      { role: 'customer', partyUnavailable: true, offers: [offered(1500)] },
      'party-unavailable',
    ],
  ])('refuses %s', (_label, overrides, reason) => {
    expect(answerRefusal(context(overrides))).toEqual({ refusal: reason });
  });
});
