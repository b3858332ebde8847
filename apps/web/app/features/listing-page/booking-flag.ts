/**
 * Spec part 1 §2: the `book` query flag opens the booking panel as a modal (on phones, where the
 * panel is not beside the listing); closing it removes the flag. Like the top bar's modals, the state
 * lives in the URL, so the link works before the JavaScript has loaded and Back closes the modal.
 */
export const BOOK_PARAM = 'book';

/** Narrower than this the panel is not beside the listing (spec part 2 §9: the 1023 px layout). */
export const PHONE_LAYOUT_QUERY = '(max-width: 1023px)';

export function isBookingOpen(search: URLSearchParams): boolean {
  const value = search.get(BOOK_PARAM);
  return value !== null && value !== 'false';
}

/** The same page with the flag set or removed, the rest of the query and the hash kept. */
export function withBookingFlag(location: { pathname: string; search: string; hash: string }, open: boolean) {
  const params = new URLSearchParams(location.search);
  if (open) params.set(BOOK_PARAM, 'true');
  else params.delete(BOOK_PARAM);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}
