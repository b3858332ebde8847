import { safeReturnPath } from '@hora/core/routing';

/**
 * The web side of a favourite: the resource route a heart posts to, and the way back after a
 * visitor logs in. A visitor's heart sends them to log in with a return path through
 * `/favourites/:listingId?returnTo=<page>`, whose loader adds the favourite and goes on to the page
 * they were on, whichever page it was (listing, search, landing, favourites).
 */

export const FAVOURITE_ACTION_PREFIX = '/favourites/';

/** Form fields of the heart's form. */
export const FAVOURITE_FIELDS = { intent: 'intent', returnTo: 'returnTo', respond: 'respond' } as const;
export type FavouriteIntent = 'add' | 'remove';

export function favouriteActionPath(listingId: string): string {
  return `${FAVOURITE_ACTION_PREFIX}${encodeURIComponent(listingId)}`;
}

/** Whether a submission was a heart's (for `shouldRevalidate`: it changes nothing a page loaded). */
export function isFavouriteAction(formAction: string | undefined): boolean {
  if (formAction === undefined) return false;
  return new URL(formAction, 'http://hora.invalid').pathname.startsWith(FAVOURITE_ACTION_PREFIX);
}

/** The page a heart returns to: path and query of where it is shown. */
export function returnPathOf(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

/** Where a visitor's heart goes: the login page, coming back through the path that adds the favourite. */
export function visitorLoginPath(listingId: string, returnTo: string): string {
  const back = `${favouriteActionPath(listingId)}?returnTo=${encodeURIComponent(safeReturnPath(returnTo))}`;
  return `/login?returnTo=${encodeURIComponent(back)}`;
}
