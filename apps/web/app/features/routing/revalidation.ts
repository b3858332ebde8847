import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { LOCALE_ACTION } from '../../i18n/locales.ts';
import { isFavouriteAction } from '../favourites/favourite-paths.ts';

type Args = Pick<
  ShouldRevalidateFunctionArgs,
  'currentUrl' | 'nextUrl' | 'formMethod' | 'formAction' | 'defaultShouldRevalidate'
>;

/** Posts, puts, patches and deletes: the submissions that can change what the server knows. */
function isMutation(formMethod: string | undefined): boolean {
  return formMethod !== undefined && formMethod.toUpperCase() !== 'GET';
}

function isLocaleAction(formAction: string | undefined): boolean {
  return formAction !== undefined && new URL(formAction, 'http://hora.invalid').pathname === LOCALE_ACTION;
}

/**
 * The root loader's session, language and consent change only through a submission (logging in,
 * signing up, the language switch, the cookie banner, saving the profile...) or a document load
 * (email links, logging out, external sign-in), so a plain navigation keeps them: moving a map, paging
 * or changing a filter must not refetch the shell. A revalidation of the same URL (`revalidate()`
 * after an avatar upload, a link to the page itself) refreshes them as before.
 */
export function shouldRevalidateRoot({
  currentUrl,
  nextUrl,
  formMethod,
  formAction,
  defaultShouldRevalidate,
}: Args): boolean {
  // A favourite heart changes nothing of the session, the language or the consent.
  if (isFavouriteAction(formAction)) return false;
  if (isMutation(formMethod)) return defaultShouldRevalidate;
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) {
    return defaultShouldRevalidate;
  }
  return false;
}

/** A feature's messages depend on the language alone: they are loaded again only when it changes. */
export function shouldRevalidateMessages({ formAction }: Args): boolean {
  return isLocaleAction(formAction);
}
