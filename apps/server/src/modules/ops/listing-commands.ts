import { AppError } from '@hora/core/errors';
import { listingIdParamsSchema } from '@hora/core/validation';
import { listingApprovals } from '../listings/approval.ts';
import { freeTimeRefresher } from '../search/free-time.ts';
import { seatBookingsReader } from '../transactions/repository.ts';
import type { OpsCommand } from './command.ts';

/** LISTINGS_REQUIRE_APPROVAL's operator side: see what waits, approve one. */
export const listingCommands: Record<string, OpsCommand> = {
  'listings:pending': {
    args: '',
    summary: 'List the listings waiting for approval, oldest first',
    async run(_args, { db, clock, print }) {
      const pending = await listingApprovals({
        db,
        clock,
        freeTime: freeTimeRefresher({ clock, bookings: seatBookingsReader(db) }),
      }).pending();
      if (pending.length === 0) {
        print('No listings are waiting for approval.');
        return;
      }
      for (const listing of pending) {
        print(`${listing.id}\t${listing.submittedAt}\t${listing.author.displayName}\t${listing.title}`);
      }
    },
  },

  'listings:approve': {
    args: '<listing-id>',
    summary: 'Publish a listing that is waiting for approval',
    async run(args, { db, clock, print }) {
      const parsed = listingIdParamsSchema.safeParse({ id: args[0] });
      if (!parsed.success || args.length !== 1) {
        throw new AppError('validation-invalid-params', { title: 'Usage: listings:approve <listing-id>' });
      }
      const freeTime = freeTimeRefresher({ clock, bookings: seatBookingsReader(db) });
      await listingApprovals({ db, clock, freeTime }).approve(parsed.data.id);
      print(`Listing ${parsed.data.id} is published.`);
    },
  },
};
