import type { TransactionPartyView, TransactionView } from '@hora/core/transactions';
import type { ApiInit, ApiResult, WebContext } from '../../context.ts';
import { BREAKDOWN } from '../checkout/checkout.fixture.ts';
import { image } from '../listing-page/listing.fixture.ts';

/** Test data of the order and sale pages' tests (not part of the app). */

export const TX_ID = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';
export const CUSTOMER_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
export const PROVIDER_ID = '5b2c1d0e-9f8a-4b7c-8d6e-5f4a3b2c1d0e';
export const LISTING_ID = '0f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f';

export function party(overrides: Partial<TransactionPartyView> & { id: string }): TransactionPartyView {
  return {
    displayName: 'Ana R.',
    abbreviatedName: 'AR',
    banned: false,
    deleted: false,
    avatar: null,
    ...overrides,
  };
}

/**
 * A paid request (preauthorized) seen by the provider: Monday 24 November 2025, 10:00–12:00 in
 * Madrid, 2 hours at 25 € with a 10 % commission on each side.
 */
export function transaction(overrides: Partial<TransactionView> = {}): TransactionView {
  return {
    id: TX_ID,
    createdAt: '2025-11-20T09:00:00.000Z',
    state: 'preauthorized',
    lastTransition: 'confirm-payment',
    lastTransitionedAt: '2025-11-20T09:02:00.000Z',
    role: 'provider',
    transitions: [
      { transition: 'request-payment', createdAt: '2025-11-20T09:00:00.000Z', by: 'customer' },
      { transition: 'confirm-payment', createdAt: '2025-11-20T09:02:00.000Z', by: 'customer' },
    ],
    nextTransitions: ['accept', 'decline'],
    listing: {
      id: LISTING_ID,
      title: 'Sala luminosa en Malasaña',
      slug: 'sala-luminosa-en-malasana',
      deleted: false,
      image: image('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'),
      address: { address: 'Calle del Pez 21, 28004 Madrid, España', building: 'Piso 2' },
      timeZone: 'Europe/Madrid',
    },
    customer: party({ id: CUSTOMER_ID, displayName: 'Ana R.', abbreviatedName: 'AR' }),
    provider: party({
      id: PROVIDER_ID,
      displayName: 'Lucía G.',
      abbreviatedName: 'LG',
      avatar: {
        'square-small': '/uploads/avatars/lg/square-small.webp',
        'square-small2x': '/uploads/avatars/lg/2x.webp',
      },
    }),
    booking: { start: '2025-11-24T09:00:00.000Z', end: '2025-11-24T11:00:00.000Z' },
    // The checkout's breakdown: 2 hours at 25 €, a 10 % commission on each side.
    lineItems: BREAKDOWN.lineItems,
    payinTotal: BREAKDOWN.payinTotal,
    payoutTotal: BREAKDOWN.payoutTotal,
    payment: { intentStatus: 'requires_capture', clientSecret: null, expiresAt: null, refunded: null },
    ...overrides,
  };
}

type Answer = { status: number; body: unknown };

/** A load context whose API answers by exact path and method (else 404), recording each call. */
export function transactionContext(
  viewerId: string | null,
  routes: Record<string, Answer>,
  now = '2025-11-20T09:03:00.000Z',
) {
  const calls: { path: string; init: ApiInit | undefined }[] = [];
  const context: WebContext = {
    nonce: 'n',
    config: {
      marketplaceName: 'Hora',
      publicUrl: 'https://hora.es',
      blogUrl: undefined,
      social: {},
      maps: { tileUrl: undefined, attribution: '', fuzzyLocation: false },
    },
    viewer: viewerId ? { id: viewerId, firstName: 'Ana', lastName: 'Ruiz' } : null,
    now: () => new Date(now),
    api: async <T>(path: string, init?: ApiInit): Promise<ApiResult<T>> => {
      calls.push({ path, init });
      const answer = routes[`${init?.method ?? 'GET'} ${path}`] ?? { status: 404, body: null };
      return { status: answer.status, data: answer.body as T, cookies: [] };
    },
  };
  return { context, calls };
}
