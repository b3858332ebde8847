import type { ListingView } from '@hora/core/listing';
import { dateKeyAt } from '@hora/core/time';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import type { BookingPanelData } from './booking-panel.tsx';
import { decideListingPage, isListingId } from './listing-access.ts';
import { fetchListing, fetchTimeSlots } from './listing-api.ts';
import { shownAddress } from './listing-location.ts';
import { isFuzzyLocation } from './map-config.ts';
import { groupSlotsByDay, slotDaysShown, slotQueryRange } from './slot-days.ts';

export interface ListingPageData {
  listing: ListingView;
  isOwner: boolean;
  signedIn: boolean;
  /** The address as the page may show it (only the area when locations are fuzzy). */
  address: string | null;
  fuzzy: boolean;
  /** Null when the panel is not shown: the owner's own listing, or one that is not open for booking. */
  booking: BookingPanelData | null;
}

/**
 * Everything the listing page (and its variant page) shows, or the redirect or 404 the request
 * gets instead (see `decideListingPage`).
 */
export async function loadListingPage(
  request: Request,
  params: { id?: string },
  context: Pick<WebContext, 'api' | 'viewer' | 'config' | 'now'>,
): Promise<ListingPageData> {
  if (!isListingId(params.id)) throw data(null, { status: 404 });
  const listing = await fetchListing(context.api, params.id);
  const url = new URL(request.url);
  const decision = decideListingPage(url, listing, context.viewer?.id ?? null);
  if (decision.kind === 'not-found') throw data(null, { status: 404 });
  if (decision.kind === 'redirect') throw redirect(decision.to);

  const fuzzy = isFuzzyLocation(context.config);
  const bookable = !decision.isOwner && listing.state === 'published';
  return {
    listing,
    isOwner: decision.isOwner,
    signedIn: context.viewer !== null,
    address: shownAddress(listing.location, fuzzy),
    fuzzy,
    booking: bookable ? await loadBookingPanel(context, listing, url.searchParams.get('days')) : null,
  };
}

async function loadBookingPanel(
  context: Pick<WebContext, 'api' | 'now'>,
  listing: ListingView,
  requestedDays: string | null,
): Promise<BookingPanelData> {
  const maxDays = listing.bookingRules.bookingWindowDays;
  const shownDays = slotDaysShown(requestedDays, maxDays);
  const now = context.now();
  const slots = await fetchTimeSlots(
    context.api,
    listing.id,
    slotQueryRange(now, listing.timeZone, shownDays),
  );
  const from = dateKeyAt(now.getTime(), listing.timeZone);
  return {
    days: slots && groupSlotsByDay(slots, { from, days: shownDays, timeZone: listing.timeZone }),
    shownDays,
    maxDays,
  };
}
