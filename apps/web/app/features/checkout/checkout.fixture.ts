import type { BreakdownView, TransactionView } from '@hora/core/transactions';
import { GUEST_ID, HOST_ID, LISTING_ID } from '../listing-page/listing.fixture.ts';

/** Test data of the checkout's tests (not part of the app). */

export const TRANSACTION_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
export const START = '2025-11-25T09:00:00.000Z';
export const END = '2025-11-25T11:00:00.000Z';

export const BREAKDOWN: BreakdownView = {
  lineItems: [
    {
      code: 'line-item/units',
      includeFor: ['customer', 'provider'],
      unitPrice: { amount: 2500, currency: 'EUR' },
      quantity: 2,
      lineTotal: { amount: 5000, currency: 'EUR' },
      reversal: false,
    },
    {
      code: 'line-item/customer-commission',
      includeFor: ['customer'],
      unitPrice: { amount: 5000, currency: 'EUR' },
      percentage: 10,
      lineTotal: { amount: 500, currency: 'EUR' },
      reversal: false,
    },
    {
      code: 'line-item/provider-commission',
      includeFor: ['provider'],
      unitPrice: { amount: 5000, currency: 'EUR' },
      percentage: -10,
      lineTotal: { amount: -500, currency: 'EUR' },
      reversal: false,
    },
  ],
  payinTotal: { amount: 5500, currency: 'EUR' },
  payoutTotal: { amount: 4500, currency: 'EUR' },
  booking: { start: START, end: END },
  timeZone: 'Europe/Madrid',
};

const party = (id: string, name: string) => ({
  id,
  displayName: name,
  abbreviatedName: name.slice(0, 2).toUpperCase(),
  banned: false,
  deleted: false,
  avatar: null,
});

export function transaction(overrides: Partial<TransactionView> = {}): TransactionView {
  return {
    id: TRANSACTION_ID,
    createdAt: '2025-11-24T09:31:00.000Z',
    state: 'pending-payment',
    lastTransition: 'request-payment',
    lastTransitionedAt: '2025-11-24T09:31:00.000Z',
    role: 'customer',
    transitions: [{ transition: 'request-payment', createdAt: '2025-11-24T09:31:00.000Z', by: 'customer' }],
    nextTransitions: ['confirm-payment'],
    listing: {
      id: LISTING_ID,
      title: 'Sala luminosa en Malasaña',
      slug: 'sala-luminosa-en-malasana',
      deleted: false,
      image: null,
      address: null,
      timeZone: 'Europe/Madrid',
    },
    customer: party(GUEST_ID, 'Ana R'),
    provider: party(HOST_ID, 'Lucía G'),
    booking: { start: START, end: END },
    lineItems: BREAKDOWN.lineItems,
    payinTotal: BREAKDOWN.payinTotal,
    payoutTotal: BREAKDOWN.payoutTotal,
    payment: {
      intentStatus: 'requires_payment_method',
      clientSecret: 'pi_1_sec',
      expiresAt: '2025-11-24T09:46:00.000Z',
      refunded: null,
    },
    ...overrides,
  };
}
