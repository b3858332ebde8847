import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { withTransaction } from '../db/executor.ts';
import { freeTimeRefresher } from '../modules/search/free-time.ts';
import { seatBookingsReader } from '../modules/transactions/repository.ts';
import type { JobDefinition } from './definition.ts';

/**
 * Daily, recomputes the search's free time of every published listing: the booking window moves
 * a day at each local midnight (the stored time reaches two days past it, so a late run loses
 * nothing). Idempotent: a second run writes the same rows. The bookings holding seats are read from
 * the bookings table.
 */
export function searchFreeTimeJob(db: Database, clock: Clock): JobDefinition {
  const freeTime = freeTimeRefresher({ clock, bookings: seatBookingsReader(db) });
  return {
    name: 'search.refresh-free-time',
    schedule: '15 0 * * *',
    retry: { limit: 3, delaySeconds: 300, backoff: true },
    expireInSeconds: 30 * 60,
    async handle() {
      await withTransaction(db, (tx) => freeTime.refresh(tx));
    },
  };
}
