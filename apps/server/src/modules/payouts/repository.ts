import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ConnectedAccount } from '../../adapters/payments/index.ts';
import type { Executor } from '../../db/executor.ts';
import { preparedFor } from '../../db/prepared.ts';
import { listings, payoutAccounts } from '../../db/schema/index.ts';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type PayoutProviderKind = 'sandbox' | 'stripe';

/** The provider's answer as the cached columns keep it. */
function snapshot(account: ConnectedAccount) {
  return {
    country: account.country,
    businessType: account.businessType,
    currentlyDue: account.requirements.currently_due,
    pastDue: account.requirements.past_due,
    bankLast4: account.bankLast4,
  };
}

/** Read on every view of a listing page: prepared once per executor. */
const accountByListingAuthor = preparedFor((db) =>
  db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        inArray(
          payoutAccounts.userId,
          db
            .select({ authorId: listings.authorId })
            .from(listings)
            .where(eq(listings.id, sql.placeholder('listingId'))),
        ),
        eq(payoutAccounts.provider, sql.placeholder('provider')),
      ),
    )
    .prepare('payout_account_by_listing_author'),
);

/** Who receives payouts through which provider account; the only module file that touches the table. */
export function payoutAccountRepository(db: Executor) {
  return {
    /** The person's account with the provider that runs now (an account of another one means nothing). */
    async findByUser(userId: string, provider: PayoutProviderKind): Promise<PayoutAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(payoutAccounts)
        .where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.provider, provider)));
      return row;
    },

    /**
     * The account of a listing's author, found by the listing's id: the listing page asks while it
     * reads the listing, rather than after, when it would know the author.
     */
    async findByListingAuthor(
      listingId: string,
      provider: PayoutProviderKind,
    ): Promise<PayoutAccountRow | undefined> {
      const [row] = await accountByListingAuthor(db).execute({ listingId, provider });
      return row;
    },

    async exists(userId: string, provider: PayoutProviderKind): Promise<boolean> {
      const [row] = await db
        .select({ userId: payoutAccounts.userId })
        .from(payoutAccounts)
        .where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.provider, provider)));
      return row !== undefined;
    },

    /**
     * Links a new provider account to the person. One per person: undefined when they already have
     * one with this provider; an account left from another provider is replaced.
     */
    async link(
      userId: string,
      provider: PayoutProviderKind,
      account: ConnectedAccount,
      now: Date,
    ): Promise<PayoutAccountRow | undefined> {
      const values = { ...snapshot(account), provider, providerAccountId: account.id, refreshedAt: now };
      const [row] = await db
        .insert(payoutAccounts)
        .values({ userId, createdAt: now, ...values })
        .onConflictDoUpdate({
          target: payoutAccounts.userId,
          set: { ...values, createdAt: now },
          setWhere: sql`${payoutAccounts.provider} <> excluded.provider`,
        })
        .returning();
      return row;
    },

    /** Keeps the provider's latest answer; `refreshed_at` records when (the database's time). */
    async saveSnapshot(userId: string, account: ConnectedAccount): Promise<void> {
      await db
        .update(payoutAccounts)
        .set({ ...snapshot(account), refreshedAt: sql`now()` })
        .where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.providerAccountId, account.id)));
    },
  };
}
