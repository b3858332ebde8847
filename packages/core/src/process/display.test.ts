import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { inboxState, type PanelContext, panelHeadingState, transactionPanelView } from './display.ts';
import { otherRole, reviewRetryTransition, reviewTransitionFor, transactionRole } from './roles.ts';

describe('panel heading', () => {
  it.each([
    ['enquire', 'enquired'],
    ['request-payment', 'pending-payment'],
    ['request-payment-after-enquiry', 'pending-payment'],
    ['expire-payment', 'payment-expired'],
    ['confirm-payment', 'requested'],
    ['accept', 'accepted'],
    ['decline', 'declined'],
    ['expire', 'declined'],
    ['cancel', 'canceled'],
    ['complete', 'delivered'],
    ['review-1-by-customer', 'delivered'],
    ['review-2-by-provider', 'delivered'],
    ['expire-review-period', 'delivered'],
  ])('after %s the heading is %s', (lastTransition, heading) => {
    expect(panelHeadingState(lastTransition)).toBe(heading);
  });

  it.each([null, undefined, '', 'fly', 'hasOwnProperty'])(
    'raises the unknown-state error for %j',
    (value) => {
      expect(() => panelHeadingState(value)).toThrow('Unknown state given to panel heading');
    },
  );
});

describe('inbox state', () => {
  it.each([
    ['enquire', 'customer', 'enquiry', false],
    ['request-payment', 'customer', 'pending-payment', true],
    ['request-payment', 'provider', 'pending-payment', false],
    ['expire-payment', 'customer', 'payment-expired', false],
    ['confirm-payment', 'customer', 'requested', false],
    ['confirm-payment', 'provider', 'pending', true],
    ['accept', 'provider', 'accepted', false],
    ['expire', 'customer', 'declined', false],
    ['cancel', 'provider', 'canceled', false],
    ['review-2-by-customer', 'customer', 'delivered', false],
  ] as const)('after %s the %s sees %s (action needed: %s)', (lastTransition, role, state, actionNeeded) => {
    expect(inboxState(lastTransition, role)).toEqual({ state, actionNeeded });
  });

  it('rejects an unknown transition', () => {
    expect(() => inboxState(null, 'customer')).toThrow('Unknown transition for the inbox: none');
  });
});

describe('transaction role', () => {
  it.each([
    ['u1', 'customer'],
    ['u2', 'provider'],
  ] as const)('user %s is the %s', (userId, role) => {
    expect(transactionRole(userId, { id: 'tx1', customerId: 'u1' })).toBe(role);
  });

  it.each([
    [null, { id: 'tx1', customerId: 'u1' }],
    ['u1', { id: null, customerId: 'u1' }],
    ['u1', { id: 'tx1' }],
    ['', { id: 'tx1', customerId: 'u1' }],
  ])('raises an error for missing ids (%j, %j)', (userId, tx) => {
    expect(() => transactionRole(userId, tx)).toThrow('Cannot tell the transaction role');
  });

  it('knows the other role', () => {
    expect(otherRole('customer')).toBe('provider');
    expect(otherRole('provider')).toBe('customer');
  });
});

describe('second-review rule', () => {
  it.each([
    ['delivered', 'customer', 'review-1-by-customer'],
    ['delivered', 'provider', 'review-1-by-provider'],
    ['reviewed-by-provider', 'customer', 'review-2-by-customer'],
    ['reviewed-by-customer', 'provider', 'review-2-by-provider'],
    ['reviewed-by-customer', 'customer', null],
    ['reviewed', 'provider', null],
    ['accepted', 'customer', null],
  ] as const)('in %s the %s reviews with %s', (state, role, expected) => {
    expect(reviewTransitionFor(state, role)).toBe(expected);
  });

  it('retries a failed first review as the second one only on an invalid transition', () => {
    const invalid = new AppError('transaction-invalid-transition');
    expect(reviewRetryTransition('review-1-by-customer', invalid)).toBe('review-2-by-customer');
    expect(reviewRetryTransition('review-1-by-provider', invalid)).toBe('review-2-by-provider');
    expect(reviewRetryTransition('review-2-by-provider', invalid)).toBeNull();
    expect(reviewRetryTransition('review-1-by-customer', new AppError('forbidden'))).toBeNull();
  });
});

describe('transaction panel view', () => {
  const view = (
    state: Parameters<typeof transactionPanelView>[0]['state'],
    last: string,
    ctx: PanelContext,
  ) => transactionPanelView({ state, lastTransition: last }, ctx);

  it('shows the booking panel to the customer after an enquiry', () => {
    expect(view('enquiry', 'enquire', { role: 'customer' }).showBookingPanel).toBe(true);
    expect(view('enquiry', 'enquire', { role: 'provider' }).showBookingPanel).toBe(false);
    expect(view('enquiry', 'enquire', { role: 'customer', providerBanned: true }).showBookingPanel).toBe(
      false,
    );
  });

  it('hides the booking panel of a negotiable listing until an offer is accepted', () => {
    expect(view('enquiry', 'enquire', { role: 'customer', listingNegotiable: true }).showBookingPanel).toBe(
      false,
    );
    expect(
      view('enquiry', 'enquire', { role: 'customer', listingNegotiable: true, offerAccepted: true })
        .showBookingPanel,
    ).toBe(true);
  });

  it('shows accept and decline to the provider of a request unless the customer is banned', () => {
    expect(view('preauthorized', 'confirm-payment', { role: 'provider' }).showSaleButtons).toBe(true);
    expect(view('preauthorized', 'confirm-payment', { role: 'customer' }).showSaleButtons).toBe(false);
    expect(
      view('preauthorized', 'confirm-payment', { role: 'provider', customerBanned: true }).showSaleButtons,
    ).toBe(false);
    expect(view('accepted', 'accept', { role: 'provider' }).showSaleButtons).toBe(false);
  });

  it.each([
    ['preauthorized', 'confirm-payment', 'customer', false],
    ['accepted', 'accept', 'customer', true],
    ['delivered', 'complete', 'customer', true],
    ['reviewed', 'review-2-by-customer', 'customer', true],
    ['accepted', 'accept', 'provider', false],
  ] as const)('in %s the %s sees the address: %s', (state, last, role, expected) => {
    expect(view(state, last, { role }).showAddress).toBe(expected);
  });

  it('blocks messages when either party is banned or deleted', () => {
    expect(view('enquiry', 'enquire', { role: 'customer' }).canSendMessage).toBe(true);
    for (const flag of ['customerBanned', 'customerDeleted', 'providerBanned', 'providerDeleted'] as const) {
      expect(view('enquiry', 'enquire', { role: 'customer', [flag]: true }).canSendMessage).toBe(false);
    }
  });

  it('offers the price-offer button to the provider of a negotiable listing before completion', () => {
    expect(view('enquiry', 'enquire', { role: 'provider', listingNegotiable: true }).showOfferButton).toBe(
      true,
    );
    expect(view('enquiry', 'enquire', { role: 'customer', listingNegotiable: true }).showOfferButton).toBe(
      false,
    );
    expect(view('enquiry', 'enquire', { role: 'provider' }).showOfferButton).toBe(false);
    expect(view('delivered', 'complete', { role: 'provider', listingNegotiable: true }).showOfferButton).toBe(
      false,
    );
  });

  it('gives the review transition and hides the link of a deleted listing', () => {
    const delivered = view('delivered', 'complete', { role: 'customer', listingDeleted: true });
    expect(delivered.reviewTransition).toBe('review-1-by-customer');
    expect(delivered.showListingLink).toBe(false);
    expect(delivered.headingState).toBe('delivered');
  });
});
