import { AppError } from '@hora/core/errors';
import type { Clock } from '../../clock.ts';
import { type Executor, withTransaction } from '../../db/executor.ts';
import { displayName } from '../account/views.ts';
import type { FreeTimeRefresher } from './ports.ts';
import { listingRepository } from './repository.ts';

export interface PendingListing {
  id: string;
  title: string;
  author: { id: string; displayName: string };
  /** When the host asked to publish it. */
  submittedAt: string;
}

/**
 * The operator's side of LISTINGS_REQUIRE_APPROVAL (spec part 1 §4: pendingApproval →
 * published). Run from the ops command line, not over HTTP: there is no admin role.
 */
export function listingApprovals({
  db,
  clock,
  freeTime,
}: {
  db: Executor;
  clock: Clock;
  freeTime: FreeTimeRefresher;
}) {
  const listings = listingRepository(db);
  return {
    async pending(): Promise<PendingListing[]> {
      return (await listings.pendingApproval()).map(({ listing, author }) => ({
        id: listing.id,
        title: listing.title,
        author: { id: author.id, displayName: displayName(author) },
        submittedAt: listing.updatedAt.toISOString(),
      }));
    },

    /** Publishes a listing waiting for approval; anything else is refused with a reason. */
    async approve(id: string): Promise<void> {
      const found = await listings.findWithAuthor(id);
      if (!found) throw new AppError('not-found', { title: `No listing ${id}` });
      // Decision 0046: a banned host's listings stay off the marketplace until the ban is lifted.
      if (found.author.banned || found.author.deleted) {
        throw new AppError('conflict', {
          title: `Listing ${id} is by a ${found.author.banned ? 'banned' : 'deleted'} user: not published`,
        });
      }
      if (found.listing.state !== 'pendingApproval') {
        throw new AppError('conflict', {
          title: `Listing ${id} is ${found.listing.state}, not pendingApproval`,
        });
      }
      const changed = await withTransaction(db, async (tx) => {
        const done = await listingRepository(tx).changeState(id, 'pendingApproval', 'published', clock.now());
        if (done) await freeTime.refresh(tx, [id]);
        return done;
      });
      if (!changed) {
        throw new AppError('conflict', { title: `Listing ${id} changed state meanwhile` });
      }
    },
  };
}
