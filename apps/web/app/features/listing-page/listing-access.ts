import type { ListingView } from '@hora/core/listing';
import { listingPagePath } from './listing-paths.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isListingId(id: string | undefined): id is string {
  return id !== undefined && UUID.test(id);
}

export type ListingPageDecision =
  | { kind: 'show'; isOwner: boolean }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' };

/**
 * What a request for a listing's page gets, once the API has answered with the listing: the page,
 * or a redirect to the path its title and state call for (a renamed listing's old slug, a draft
 * asked for on the public path, a published listing on the variant path), keeping the query
 * (`book`, `contact`). Drafts and pending listings are their owner's only; the API already hides
 * them from others, and a mismatch here is answered the same way, as a page that does not exist.
 */
export function decideListingPage(
  requested: { pathname: string; search: string },
  listing: ListingView,
  viewerId: string | null,
): ListingPageDecision {
  const isOwner = viewerId !== null && viewerId === listing.author.id;
  const unpublished = listing.state === 'draft' || listing.state === 'pendingApproval';
  if (unpublished && !isOwner) return { kind: 'not-found' };
  const expected = listingPagePath(listing);
  if (decodePath(requested.pathname) !== expected)
    return { kind: 'redirect', to: `${expected}${requested.search}` };
  return { kind: 'show', isOwner };
}

/** Browsers may send a slug's letters percent-encoded; slugs themselves are plain ASCII. */
function decodePath(pathname: string): string {
  try {
    return decodeURI(pathname).replace(/\/+$/, '');
  } catch {
    return pathname;
  }
}
