import { isErrorCode } from '@hora/core/errors';
import { safeReturnPath } from '@hora/core/routing';
import { data, redirect } from 'react-router';
import type { ApiResult, WebContext } from '../../context.ts';
import { apiErrorKey } from '../forms/api-error-key.ts';
import { formString, readForm } from '../forms/submission.ts';
import { isListingId } from '../listing-page/listing-access.ts';
import { loginPath } from '../routing/access.ts';
import { FAVOURITE_FIELDS, type FavouriteIntent, visitorLoginPath } from './favourite-paths.ts';
import { setFavourite } from './favourites-api.ts';

type Context = Pick<WebContext, 'api' | 'viewer'>;

/** What a heart driven by a fetcher learns: the state the listing is now in, and any refusal. */
export interface FavouriteToggleResult {
  listingId: string;
  favourited: boolean;
  /** A message key (`errors.api.<code>` of the `forms` namespace) when the API refused. */
  error: string | null;
}

function isIntent(value: unknown): value is FavouriteIntent {
  return value === 'add' || value === 'remove';
}

/**
 * `POST /favourites/:listingId` (a heart's form): adds or removes the favourite and goes back to
 * the page the heart was on (a same-site path only; anything else goes to `/`). A fetcher asks
 * for the outcome as data instead (`respond=data`), so the page stays where it is. A visitor is sent
 * to log in and comes back through `GET /favourites/:listingId` (below), which adds it.
 */
export async function runFavouriteToggle(request: Request, params: { listingId?: string }, context: Context) {
  const form = await readForm(request);
  const intent = formString(form, FAVOURITE_FIELDS.intent);
  const listingId = params.listingId;
  if (!isListingId(listingId) || !isIntent(intent)) throw data(null, { status: 400 });
  const returnTo = safeReturnPath(formString(form, FAVOURITE_FIELDS.returnTo));
  if (!context.viewer) {
    throw redirect(
      intent === 'add'
        ? visitorLoginPath(listingId, returnTo)
        : `/login?returnTo=${encodeURIComponent(returnTo)}`,
    );
  }
  const wanted = intent === 'add';
  const result = await setFavourite(context.api, listingId, wanted);
  const ok = result.status === 204;
  if (formString(form, FAVOURITE_FIELDS.respond) === 'data') {
    return data<FavouriteToggleResult>(
      { listingId, favourited: ok ? wanted : !wanted, error: ok ? null : errorKey(result) },
      { status: ok ? 200 : result.status },
    );
  }
  // Without JavaScript the page is loaded again and shows what the server now holds.
  throw redirect(returnTo);
}

/**
 * `GET /favourites/:listingId?returnTo=<page>`: the way back from the login page after a visitor's
 * heart. It adds the favourite only on a navigation from this site (`Sec-Fetch-Site: same-origin`:
 * the login form's redirect), never for a link followed from elsewhere, then goes on to the page.
 */
export async function continueFavourite(request: Request, params: { listingId?: string }, context: Context) {
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get(FAVOURITE_FIELDS.returnTo));
  if (!isListingId(params.listingId)) throw redirect(returnTo);
  if (!context.viewer) throw redirect(loginPath(url));
  if (request.headers.get('sec-fetch-site') === 'same-origin') {
    await setFavourite(context.api, params.listingId, true);
  }
  throw redirect(returnTo);
}

function errorKey(result: ApiResult<unknown>): string {
  const code = (result.data as { errors?: { code?: unknown }[] } | null)?.errors?.[0]?.code;
  return isErrorCode(code) ? apiErrorKey(code) : 'errors.api.generic';
}
