import { canPublishWithPayoutAccount } from '@hora/core/listing';
import { PaymentProviderError, type PayoutsPort } from '../../adapters/payments/index.ts';
import type { Executor } from '../../db/executor.ts';
import { type PayoutAccountRow, payoutAccountRepository } from './repository.ts';

/** What the listings module asks before publishing (spec part 1 §4: publishing needs payouts). */
export interface PayoutReadiness {
  isReady(userId: string): Promise<boolean>;
  /**
   * `isReady` of the listing's author from the stored snapshot only (no provider call): for the
   * listing page's booking form, asked by the listing's id so it runs alongside the listing's read.
   */
  acceptsBookingsOfListing(listingId: string): Promise<boolean>;
}

/** Ready by the provider's last answer as stored: nothing currently due or past due. */
function readyBySnapshot(row: PayoutAccountRow | undefined): boolean {
  if (!row) return false;
  return canPublishWithPayoutAccount({
    requirements: { currently_due: row.currentlyDue, past_due: row.pastDue },
  });
}

/**
 * Ready means: an account with this provider and nothing past due or currently due. The provider
 * is asked afresh (requirements can appear at any time); when it cannot answer, the last answer it
 * gave decides, so an outage does not stop hosts who were ready.
 */
export function createPayoutReadiness(db: Executor, payouts: PayoutsPort): PayoutReadiness {
  const accounts = payoutAccountRepository(db);
  return {
    async isReady(userId) {
      const row = await accounts.findByUser(userId, payouts.kind);
      if (!row) return false;
      try {
        const account = await payouts.retrieveAccount(row.providerAccountId);
        await accounts.saveSnapshot(userId, account);
        return canPublishWithPayoutAccount(account);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        return readyBySnapshot(row);
      }
    },
    async acceptsBookingsOfListing(listingId) {
      return readyBySnapshot(await accounts.findByListingAuthor(listingId, payouts.kind));
    },
  };
}
