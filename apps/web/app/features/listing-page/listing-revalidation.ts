import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { isFavouriteAction } from '../favourites/favourite-paths.ts';
import { BOOK_PARAM } from './booking-flag.ts';
import { CONTACT_PARAM } from './contact-link.ts';

/** Query flags that open or close something on the page without changing what it loaded. */
const PAGE_FLAGS = [BOOK_PARAM, CONTACT_PARAM];

function withoutFlags(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const flag of PAGE_FLAGS) params.delete(flag);
  params.sort();
  return `${url.pathname}?${params}`;
}

type Args = Pick<
  ShouldRevalidateFunctionArgs,
  'currentUrl' | 'nextUrl' | 'formMethod' | 'formAction' | 'defaultShouldRevalidate'
>;

/**
 * Opening the booking modal (`book`) or the enquiry (`contact`) is the same page: the listing and
 * its free time are not fetched again. Anything else (another listing, more days, a form sent, a
 * reload of the same URL) follows React Router's default, except a favourite heart's post.
 */
export function shouldRevalidateListing({
  currentUrl,
  nextUrl,
  formMethod,
  formAction,
  defaultShouldRevalidate,
}: Args) {
  // The heart's fetcher already knows the outcome; the listing and its slots did not change.
  if (isFavouriteAction(formAction)) return false;
  if (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (withoutFlags(currentUrl) === withoutFlags(nextUrl)) return false;
  return defaultShouldRevalidate;
}
