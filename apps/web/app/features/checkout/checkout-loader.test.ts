import { describe, expect, it } from 'vitest';
import { fakeContext, GUEST_ID, HOST_ID, LISTING_ID, listing } from '../listing-page/listing.fixture.ts';
import { billingCountries } from './billing-countries.ts';
import { BREAKDOWN, END, START } from './checkout.fixture.ts';
import { bookingFromQuery, loadCheckout } from './checkout-loader.ts';

const PATH = `/l/sala-luminosa-en-malasana/${LISTING_ID}/checkout`;
const QUERY = `?bookingStart=${encodeURIComponent(START)}&bookingEnd=${encodeURIComponent(END)}`;
const params = { slug: 'sala-luminosa-en-malasana', id: LISTING_ID };
const CARD = { id: 'pm_saved', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, expired: false };
const apiError = (status: number, code: string, meta: Record<string, unknown> = {}) => ({
  status,
  body: { errors: [{ id: 'e', status, code, title: code, meta }] },
});

function api(overrides: Record<string, { status: number; body: unknown }> = {}) {
  return {
    [`/api/listings/${LISTING_ID}`]: { status: 200, body: { data: listing() } },
    '/api/transactions/speculate': { status: 200, body: { breakdown: BREAKDOWN } },
    '/api/payouts/provider': { status: 200, body: { data: { kind: 'sandbox' } } },
    '/api/payment-methods': { status: 200, body: { card: CARD } },
    ...overrides,
  };
}

async function load(path: string, viewerId: string | null = GUEST_ID, routes = api()) {
  const { context, calls } = fakeContext(viewerId, routes);
  try {
    return { page: await loadCheckout(new Request(`http://hora.test${path}`), params, context), calls };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown, calls };
    throw thrown;
  }
}

describe('the checkout page’s loader', () => {
  it('sends a visitor to log in, coming back to this checkout', async () => {
    const { response } = await load(`${PATH}${QUERY}`, null);
    expect(response?.headers.get('location')).toBe(
      `/login?returnTo=${encodeURIComponent(`${PATH}${QUERY}`)}`,
    );
  });

  it('prices the booking by a speculative transaction, with the provider and the saved card', async () => {
    const { page, calls } = await load(`${PATH}${QUERY}`);
    expect(page).toEqual({
      listing: {
        id: LISTING_ID,
        title: 'Sala luminosa en Malasaña',
        path: `/l/sala-luminosa-en-malasana/${LISTING_ID}`,
        image: listing().images[0],
        timeZone: 'Europe/Madrid',
      },
      booking: { start: START, end: END },
      breakdown: BREAKDOWN,
      error: null,
      provider: { kind: 'sandbox' },
      card: CARD,
      viewerName: 'Ana',
      countries: billingCountries('es'),
    });
    expect(calls).toContain('POST /api/transactions/speculate');
  });

  it('sends a checkout without a booking back to the listing’s booking panel', async () => {
    const { response } = await load(PATH);
    expect(response?.headers.get('location')).toBe(`/l/sala-luminosa-en-malasana/${LISTING_ID}?book=true`);
  });

  it('reads the plain form’s days and hours in the listing’s zone and moves to the instants', async () => {
    const { response } = await load(
      `${PATH}?startDate=2025-11-25&startTime=10:00&endDate=2025-11-25&endTime=12:00`,
    );
    expect(response?.headers.get('location')).toBe(`${PATH}${QUERY}`);
    expect(
      bookingFromQuery(
        new URLSearchParams('startDate=2025-11-25&startTime=22:00&endDate=2025-11-25&endTime=24:00'),
        'Europe/Madrid',
      ),
    ).toEqual({
      booking: { start: '2025-11-25T21:00:00.000Z', end: '2025-11-25T23:00:00.000Z' },
      canonical: false,
    });
    expect(
      bookingFromQuery(new URLSearchParams('startDate=2025-11-25&startTime=25:00'), 'Europe/Madrid'),
    ).toBeNull();
  });

  it('says why a booking cannot go ahead, each with its own message', async () => {
    const cases: [{ status: number; body: unknown }, string][] = [
      [apiError(409, 'transaction-booking-time-not-available'), 'bookingTimeNotAvailable'],
      [apiError(409, 'transaction-missing-stripe-account'), 'providerPayoutMissing'],
      [apiError(409, 'transaction-listing-not-found'), 'listingNotActive'],
      [apiError(402, 'transaction-charge-zero-payin'), 'amountTooLow'],
      [apiError(403, 'forbidden'), 'ownListing'],
      [apiError(500, 'internal-error'), 'speculateFailed'],
      [{ status: 200, body: {} }, 'speculateFailed'],
    ];
    for (const [answer, error] of cases) {
      const { page } = await load(
        `${PATH}${QUERY}`,
        GUEST_ID,
        api({ '/api/transactions/speculate': answer }),
      );
      expect(page?.error, error).toBe(error);
    }
  });

  it('tells the owner they cannot book their own listing without asking the server to price it', async () => {
    const { page, calls } = await load(`${PATH}${QUERY}`, HOST_ID);
    expect(page).toMatchObject({ error: 'ownListing', breakdown: null });
    expect(calls.some((call) => call.includes('speculate'))).toBe(false);
  });

  it('stops booking when Stripe runs without its publishable key', async () => {
    const { page } = await load(
      `${PATH}${QUERY}`,
      GUEST_ID,
      api({
        '/api/payouts/provider': { status: 200, body: { data: { kind: 'stripe', publishableKey: '' } } },
      }),
    );
    expect(page).toMatchObject({ error: 'missingPublishableKey', breakdown: BREAKDOWN });
  });

  it('answers 404 for an unknown listing', async () => {
    const { page, response } = await load(
      `${PATH}${QUERY}`,
      GUEST_ID,
      api({ [`/api/listings/${LISTING_ID}`]: { status: 404, body: null } }),
    ).catch((error: unknown) => ({ page: undefined, response: error as { init?: { status: number } } }));
    expect(page).toBeUndefined();
    expect((response as { init?: { status: number } }).init?.status).toBe(404);
  });
});
