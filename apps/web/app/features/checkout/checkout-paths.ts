import { createSlug, pathByRouteName } from '@hora/core/search';

/** The query keys of the chosen booking on the checkout page's URL (ISO instants). */
export const BOOKING_START_PARAM = 'bookingStart';
export const BOOKING_END_PARAM = 'bookingEnd';
/** Issue 12: the enquiry a booking continues (its agreed price applies; the server checks it is the viewer's). */
export const TRANSACTION_PARAM = 'transactionId';

export function checkoutPath(listing: { id: string; title: string }): string {
  return pathByRouteName('CheckoutPage', { slug: createSlug(listing.title), id: listing.id });
}

export function checkoutHref(
  listing: { id: string; title: string },
  booking: { start: string; end: string },
  transactionId?: string | null,
) {
  const query = new URLSearchParams({
    [BOOKING_START_PARAM]: booking.start,
    [BOOKING_END_PARAM]: booking.end,
    ...(transactionId ? { [TRANSACTION_PARAM]: transactionId } : {}),
  });
  return `${checkoutPath(listing)}?${query}`;
}
