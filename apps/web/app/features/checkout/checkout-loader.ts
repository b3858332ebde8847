import type { ListingImageView } from '@hora/core/listing';
import type { PayoutProviderView } from '@hora/core/payouts';
import { isDateKey, isTimeOfDay, zonedTimeToInstant } from '@hora/core/time';
import type { BreakdownView } from '@hora/core/transactions';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { requestLocale } from '../../i18n/catalogue.server.ts';
import { isListingId } from '../listing-page/listing-access.ts';
import { fetchListing } from '../listing-page/listing-api.ts';
import { listingPagePath } from '../listing-page/listing-paths.ts';
import { requireViewer } from '../routing/access.ts';
import { transactionPagePath } from '../transactions/transaction-paths.ts';
import { billingCountries } from './billing-countries.ts';
import { unwrapData } from './checkout-api.ts';
import { type CheckoutError, speculateErrorOf } from './checkout-errors.ts';
import { BOOKING_END_PARAM, BOOKING_START_PARAM, checkoutHref, TRANSACTION_PARAM } from './checkout-paths.ts';

/** The saved default card as `GET /api/payment-methods` shows it. */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  expired: boolean;
}

export interface CheckoutData {
  listing: { id: string; title: string; path: string; image: ListingImageView | null; timeZone: string };
  booking: { start: string; end: string };
  /** Issue 12: the enquiry the booking continues, or null for a new booking. */
  transactionId?: string | null;
  /** The server's price of the booking, or null when the checks refused it (`error` says why). */
  breakdown: BreakdownView | null;
  error: CheckoutError | null;
  provider: PayoutProviderView | null;
  card: SavedCard | null;
  viewerName: string;
  /** The billing address's countries, named in the visitor's language. */
  countries: { value: string; label: string }[];
}

const isInstant = (value: string | null): value is string =>
  value !== null && !Number.isNaN(Date.parse(value));

/**
 * The booking the URL names: `bookingStart`/`bookingEnd` (instants, what the scripted booking form
 * sends), or the plain form's `startDate`/`startTime`/`endDate`/`endTime` read in the listing's
 * zone (null when neither is complete).
 */
export function bookingFromQuery(
  query: URLSearchParams,
  timeZone: string,
): { booking: { start: string; end: string }; canonical: boolean } | null {
  const start = query.get(BOOKING_START_PARAM);
  const end = query.get(BOOKING_END_PARAM);
  if (isInstant(start) && isInstant(end)) {
    return {
      booking: { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
      canonical: true,
    };
  }
  const [startDate, startTime, endDate, endTime] = ['startDate', 'startTime', 'endDate', 'endTime'].map(
    (name) => query.get(name),
  );
  if (!isDateKey(startDate) || !isTimeOfDay(startTime) || !isDateKey(endDate) || !isTimeOfDay(endTime))
    return null;
  const at = (date: string, time: string) => new Date(zonedTimeToInstant(date, time, timeZone)).toISOString();
  return { booking: { start: at(startDate, startTime), end: at(endDate, endTime) }, canonical: false };
}

/**
 * `/l/:slug/:id/checkout` (signed in; visitors log in and come back): the listing, the
 * speculative transaction's breakdown (`POST /api/transactions/speculate`, which runs every check a
 * real booking runs and writes nothing), the payment provider and the saved card. A refused
 * booking is the page's own message (spec part 2 §8.2 checkout), not an error page.
 */
export async function loadCheckout(
  request: Request,
  params: { id?: string },
  context: Pick<WebContext, 'api' | 'viewer'>,
): Promise<CheckoutData> {
  const viewer = requireViewer(request, context);
  if (!isListingId(params.id)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const listing = await fetchListing(context.api, params.id);
  const listingPath = listingPagePath(listing);
  const chosen = bookingFromQuery(url.searchParams, listing.timeZone);
  const enquiry = url.searchParams.get(TRANSACTION_PARAM);
  const transactionId = isListingId(enquiry ?? undefined) ? enquiry : null;
  // Nothing chosen: back to the form that chooses (the listing's, or the enquiry's on the order page).
  if (!chosen) {
    throw redirect(
      transactionId ? transactionPagePath('customer', transactionId) : `${listingPath}?book=true`,
    );
  }
  if (!chosen.canonical) throw redirect(checkoutHref(listing, chosen.booking, transactionId));

  const summary = {
    id: listing.id,
    title: listing.title,
    path: listingPath,
    image: listing.images[0] ?? null,
    timeZone: listing.timeZone,
  };
  const base = {
    listing: summary,
    booking: chosen.booking,
    ...(transactionId ? { transactionId } : {}),
    viewerName: viewer.firstName,
    countries: billingCountries(requestLocale(request)),
  };
  if (listing.author.id === viewer.id) {
    return { ...base, breakdown: null, error: 'ownListing', provider: null, card: null };
  }
  const [speculated, provider, card] = await Promise.all([
    context.api('/api/transactions/speculate', {
      method: 'POST',
      body: {
        listingId: listing.id,
        bookingStart: chosen.booking.start,
        bookingEnd: chosen.booking.end,
        ...(transactionId ? { transactionId } : {}),
      },
    }),
    context.api<{ data: PayoutProviderView }>('/api/payouts/provider'),
    context.api('/api/payment-methods'),
  ]);
  const providerView = provider.status === 200 ? provider.data.data : null;
  const savedCard =
    card.status === 200 ? ((unwrapData(card.data) as { card?: SavedCard | null })?.card ?? null) : null;
  if (speculated.status !== 200) {
    return {
      ...base,
      breakdown: null,
      error: speculateErrorOf(speculated.data),
      provider: providerView,
      card: savedCard,
    };
  }
  const breakdown = (unwrapData(speculated.data) as { breakdown?: BreakdownView } | null)?.breakdown ?? null;
  return {
    ...base,
    breakdown,
    error: breakdown ? providerError(providerView) : 'speculateFailed',
    provider: providerView,
    card: savedCard,
  };
}

/** No provider answer, or Stripe without its publishable key: booking stops with the notice. */
function providerError(provider: PayoutProviderView | null): CheckoutError | null {
  if (!provider) return 'paymentRequestFailed';
  if (provider.kind === 'stripe' && !provider.publishableKey) return 'missingPublishableKey';
  return null;
}
