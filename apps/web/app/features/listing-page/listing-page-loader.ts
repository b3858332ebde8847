import { REVIEWS } from '@hora/core/config';
import type { ListingView } from '@hora/core/listing';
import type { ReviewPageView } from '@hora/core/reviews';
import { addDays, compareDateKeys, dateKeyAt, startOfDayAt } from '@hora/core/time';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { requestLocale } from '../../i18n/catalogue.server.ts';
import { favouritedIds } from '../favourites/favourites-api.ts';
import { reviewPageFrom } from '../reviews/review-list.tsx';
import { fetchListingReviews } from '../reviews/reviews-api.ts';
import { bookingBlockOf } from './booking-block.ts';
import type { BookingPanelData } from './booking-panel.tsx';
import { selectableDays, timeSlotsOf } from './booking-selection.ts';
import { decideListingPage, isListingId } from './listing-access.ts';
import { fetchListing, fetchTimeSlots } from './listing-api.ts';
import { LISTING_REVIEWS_PAGE_PARAM } from './reviews-section.tsx';
import {
  BOOKING_MONTHS_PARAM,
  bookingMonthsShown,
  formatSlotDay,
  lastDayOfMonthAfter,
  monthsQueryEnd,
  type TimeSlotJson,
} from './slot-days.ts';

export interface ListingPageData {
  listing: ListingView;
  isOwner: boolean;
  signedIn: boolean;
  /** Whether the viewer keeps the listing among their favourites (always false for visitors). */
  favourited: boolean;
  /** The address as the page may show it (only the area when locations are fuzzy). */
  address: string | null;
  fuzzy: boolean;
  /** Null when the panel is not shown: the owner's own listing, or one that is not open for booking. */
  booking: BookingPanelData | null;
  /** The listing's public reviews (newest first, with count and average); null when they failed to load. */
  reviews: ReviewPageView | null;
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
  const url = new URL(request.url);
  // The slots are asked for alongside the listing (their range needs neither its zone nor its
  // window), and dropped when the panel is not shown.
  const months = bookingMonthsShown(url.searchParams.get(BOOKING_MONTHS_PARAM));
  const now = context.now();
  const signedIn = context.viewer !== null;
  const range = { start: now.toISOString(), end: monthsQueryEnd(now, months).toISOString() };
  const [listing, slots, favourites, reviews] = await Promise.all([
    fetchListing(context.api, params.id),
    fetchTimeSlots(context.api, params.id, range),
    favouritedIds(context.api, [params.id], signedIn),
    fetchListingReviews(
      context.api,
      params.id,
      REVIEWS.listingPagePerPage,
      reviewPageFrom(url, LISTING_REVIEWS_PAGE_PARAM),
    ),
  ]);
  const decision = decideListingPage(url, listing, context.viewer?.id ?? null);
  if (decision.kind === 'not-found') throw data(null, { status: 404 });
  if (decision.kind === 'redirect') throw redirect(decision.to);

  // The API already blurred the point and cut the address to its area when locations are fuzzy.
  const fuzzy = context.config.maps.fuzzyLocation;
  const bookable = !decision.isOwner && listing.state === 'published';
  return {
    listing,
    isOwner: decision.isOwner,
    signedIn,
    favourited: favourites.has(listing.id),
    address: listing.location?.address ?? null,
    fuzzy,
    booking: bookable ? bookingPanel(listing, slots, now, months, requestLocale(request)) : null,
    reviews,
  };
}

/** The booking panel's data (also the order page's, after an enquiry: issue 12). */
export function bookingPanel(
  listing: ListingView,
  slots: TimeSlotJson[] | null,
  now: Date,
  months: number,
  locale: string,
): BookingPanelData {
  const maxDays = listing.bookingRules.bookingWindowDays;
  const timeZone = listing.timeZone;
  const from = dateKeyAt(now.getTime(), timeZone);
  const windowLastDay = addDays(from, maxDays - 1);
  const monthsLastDay = lastDayOfMonthAfter(from, months);
  const lastDay = compareDateKeys(monthsLastDay, windowLastDay) < 0 ? monthsLastDay : windowLastDay;
  // The form offers nothing past the last loaded day (a slot running on is cut there).
  const loadedEnd = startOfDayAt(addDays(lastDay, 1), timeZone);
  const formSlots = slots
    ?.filter((slot) => Date.parse(slot.start) < loadedEnd)
    .map((slot) =>
      Date.parse(slot.end) > loadedEnd ? { ...slot, end: new Date(loadedEnd).toISOString() } : slot,
    );
  const days = selectableDays({ slots: timeSlotsOf(formSlots ?? []), timeZone, firstDay: from, lastDay }).map(
    (day) => ({ ...day, label: formatSlotDay(day.date, locale) }),
  );
  return {
    block: bookingBlockOf(listing, slots !== null),
    form: { slots: formSlots ?? null, days, timeZone, firstDay: from, lastDay, windowLastDay, months },
  };
}
