import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { listings } from '../src/db/schema/index.ts';
import type { PayoutReadiness } from '../src/modules/listings/ports.ts';

/**
 * Payout accounts in place of the payouts module: ready for the users in `ready`. A listing's
 * author is read from the database, as the payouts module reads it. Free of Vitest, so the fault
 * test's server process can use it too.
 */
export class FakePayouts implements PayoutReadiness {
  constructor(
    private readonly db: Database,
    readonly ready = new Set<string>(),
  ) {}
  async isReady(userId: string) {
    return this.ready.has(userId);
  }
  async acceptsBookingsOfListing(listingId: string) {
    const [row] = await this.db
      .select({ authorId: listings.authorId })
      .from(listings)
      .where(eq(listings.id, listingId));
    return row !== undefined && this.ready.has(row.authorId);
  }
}
