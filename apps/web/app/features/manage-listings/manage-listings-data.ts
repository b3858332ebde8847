import { isErrorCode } from '@hora/core/errors';
import { data, redirect } from 'react-router';
import type { ApiResult, WebContext } from '../../context.ts';
import { apiErrorKey } from '../forms/api-error-key.ts';
import { isListingId } from '../listing-page/listing-access.ts';
import { requireViewer } from '../routing/access.ts';
import { ACTION_FIELDS } from './action-lock.ts';
import { managePagePath, requestedPage } from './manage-page.ts';
import type { ListingActionResult } from './own-listing-card.tsx';
import { fetchOwnListings, isListingAction, runListingAction } from './own-listings-api.ts';

type Context = Pick<WebContext, 'api' | 'viewer'>;

/**
 * The page of the host's listings asked for. A failed query is a state of the page (its heading
 * says so), not an error page; a page past the last one goes to the last one.
 */
export async function loadManageListings(request: Request, context: Context) {
  requireViewer(request, context);
  const page = requestedPage(new URL(request.url));
  const result = await fetchOwnListings(context.api, page);
  if (result && result.meta.totalPages >= 1 && page > result.meta.totalPages) {
    throw redirect(managePagePath(result.meta.totalPages));
  }
  return { page, result };
}

/**
 * Opens or closes one listing (a card's form, sent by a fetcher or, without JavaScript, as a
 * plain form post). The answer names the listing, so only its card shows the outcome; the API
 * decides ownership (another person's listing is refused there).
 */
export async function runManageAction(request: Request, context: Context) {
  requireViewer(request, context);
  // A body that is not a form, or a form without a known action and listing, is the sender's mistake.
  const form = await request.formData().catch(() => null);
  const action = form?.get(ACTION_FIELDS.intent);
  const listingId = form?.get(ACTION_FIELDS.listingId);
  if (!isListingAction(action) || typeof listingId !== 'string' || !isListingId(listingId)) {
    throw data(null, { status: 400 });
  }
  const result = await runListingAction(context.api, listingId, action);
  if (result.status >= 400) {
    const error = actionErrorKey(result);
    return data<ListingActionResult>({ listingId, action, ok: false, error }, { status: result.status });
  }
  return data<ListingActionResult>({ listingId, action, ok: true });
}

/** The text of the API's refusal (`errors.api.<code>`, in the shell's texts), or the generic one. */
function actionErrorKey(result: ApiResult<unknown>): string {
  const code = (result.data as { errors?: { code?: unknown }[] } | null)?.errors?.[0]?.code;
  return isErrorCode(code) ? apiErrorKey(code) : 'errors.api.generic';
}
