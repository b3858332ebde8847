import type { ErrorCode } from '@hora/core/errors';
import { listingPageRoute, type OwnListingView } from '@hora/core/listing';
import { pathByRouteName } from '@hora/core/search';
import { type ApiAnswer, callApi } from './listing-api.ts';

export const PAYOUT_ACCOUNT_REQUIRED = 'listing-payout-account-required' satisfies ErrorCode;

export type PublishOutcome =
  | { kind: 'published'; listing: OwnListingView; to: string }
  | { kind: 'payout-required' }
  | { kind: 'failed'; error: string };

/** Published listings open on their page; those awaiting approval on the owner's variant page. */
export function listingPagePath(listing: Pick<OwnListingView, 'id' | 'title' | 'state'>): string {
  const route = listingPageRoute(listing);
  return pathByRouteName(route.name, route.params);
}

/**
 * What the publish answer means for the wizard: go to the listing, ask for the payout account
 * first (the draft stays as it is), or say what went wrong.
 */
export function publishOutcome(answer: ApiAnswer<OwnListingView>): PublishOutcome {
  if (answer.ok) return { kind: 'published', listing: answer.data, to: listingPagePath(answer.data) };
  if (answer.codes.includes(PAYOUT_ACCOUNT_REQUIRED)) return { kind: 'payout-required' };
  return { kind: 'failed', error: answer.errors.form ?? 'listings.errors.publishFailed' };
}

export async function publishListing(id: string, send: typeof fetch = fetch): Promise<PublishOutcome> {
  return publishOutcome(
    await callApi<OwnListingView>('POST', `/api/own-listings/${id}/publish`, undefined, send),
  );
}
