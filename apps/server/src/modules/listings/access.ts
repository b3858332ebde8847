import { AppError } from '@hora/core/errors';
import type { ListingState } from '@hora/core/listing';
import type { Viewer } from '../../http/viewer.ts';
import type { ListingRecord, ListingWithAuthor } from './record.ts';

/** States anyone may see; drafts and listings waiting for approval are the owner's alone. */
const PUBLIC_STATES: readonly ListingState[] = ['published', 'closed'];

export function listingNotFound(): AppError {
  return new AppError('not-found', { title: 'Listing not found' });
}

/**
 * The owner's listing: 404 `not-found` when there is no such listing, 403 `forbidden` when it
 * is someone else's (an id is not a secret; the refusal says only that it is not yours).
 */
export function assertOwner<T extends { authorId: string }>(viewer: Viewer, listing: T | undefined): T {
  if (!listing) throw listingNotFound();
  if (listing.authorId !== viewer.id) throw new AppError('forbidden', { title: 'Not your listing' });
  return listing;
}

/** Whether a person (null: a visitor) may see a listing at all: others get a 404, as if it did not exist. */
export function canSee(viewer: Viewer | null, listing: Pick<ListingRecord, 'state' | 'authorId'>): boolean {
  return PUBLIC_STATES.includes(listing.state) || viewer?.id === listing.authorId;
}

export function assertVisible(
  viewer: Viewer | null,
  found: ListingWithAuthor | undefined,
): ListingWithAuthor {
  if (!found || !canSee(viewer, found.listing)) throw listingNotFound();
  return found;
}
