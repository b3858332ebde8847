import { ACCOUNT_DELETION_BLOCKING_STATES } from '@hora/core/user';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import {
  accounts,
  bookings,
  emailOutbox,
  favourites,
  images,
  listings,
  sessions,
  smsOutbox,
  transactions,
  users,
  verifications,
} from '../../db/schema/index.ts';

/** A person as the operator commands and the deletion see them. */
export interface LifecycleUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  banned: boolean;
  deletedAt: Date | null;
}

/** A booking that keeps an account from being deleted (core's `ACCOUNT_DELETION_BLOCKING_STATES`). */
export interface OpenTransaction {
  id: string;
  state: string;
  role: 'customer' | 'provider';
  listingTitle: string;
  bookingStart: Date | null;
}

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  banned: users.banned,
  deletedAt: users.deletedAt,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user lifecycle's writes (issue 12, decision 0046): ban and unban, and the erasure of a deleted
 * account. Every method takes the caller's executor, so a use case runs them in one transaction.
 */
export function userLifecycleRepository(db: Executor) {
  return {
    /** By id, or by email (any case); undefined when nobody matches. */
    async find(reference: string): Promise<LifecycleUser | undefined> {
      const value = reference.trim();
      const where = UUID.test(value)
        ? eq(users.id, value)
        : sql`lower(${users.email}) = ${value.toLowerCase()}`;
      const [row] = await db.select(userColumns).from(users).where(where);
      return row;
    },

    /** Locks the person's row until the transaction ends: bans and deletions of one person queue. */
    async lock(userId: string): Promise<LifecycleUser | undefined> {
      const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId)).for('update');
      return row;
    },

    async setBanned(userId: string, banned: boolean): Promise<void> {
      await db.update(users).set({ banned, updatedAt: sql`now()` }).where(eq(users.id, userId));
    },

    /** Ends every session of the person; answers how many there were. */
    async revokeSessions(userId: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** The person's published listings become closed, marked as closed by the ban. */
    async closeForBan(userId: string): Promise<string[]> {
      const rows = await db
        .update(listings)
        .set({ state: 'closed', closedByBan: true, updatedAt: sql`now()` })
        .where(and(eq(listings.authorId, userId), eq(listings.state, 'published')))
        .returning({ id: listings.id });
      return rows.map((row) => row.id);
    },

    /** The listings the ban closed are published again; the ones their host closed stay closed. */
    async reopenAfterBan(userId: string): Promise<string[]> {
      const rows = await db
        .update(listings)
        .set({ state: 'published', closedByBan: false, updatedAt: sql`now()` })
        .where(
          and(eq(listings.authorId, userId), eq(listings.closedByBan, true), eq(listings.state, 'closed')),
        )
        .returning({ id: listings.id });
      return rows.map((row) => row.id);
    },

    /**
     * A deleted person's listings: published and waiting ones are closed for good (drafts were never
     * seen), and none is marked to come back.
     */
    async closeForDeletion(userId: string): Promise<string[]> {
      const rows = await db
        .update(listings)
        .set({ state: 'closed', closedByBan: false, updatedAt: sql`now()` })
        .where(
          and(
            eq(listings.authorId, userId),
            or(inArray(listings.state, ['published', 'pendingApproval']), eq(listings.closedByBan, true)),
          ),
        )
        .returning({ id: listings.id });
      return rows.map((row) => row.id);
    },

    /** Bookings still open for money where the person is the customer or the provider, soonest first. */
    async openTransactions(userId: string): Promise<OpenTransaction[]> {
      const rows = await db
        .select({
          id: transactions.id,
          state: transactions.state,
          customerId: transactions.customerId,
          title: listings.title,
          start: bookings.start,
        })
        .from(transactions)
        .leftJoin(listings, eq(listings.id, transactions.listingId))
        .leftJoin(bookings, eq(bookings.transactionId, transactions.id))
        .where(
          and(
            or(eq(transactions.customerId, userId), eq(transactions.providerId, userId)),
            inArray(transactions.state, [...ACCOUNT_DELETION_BLOCKING_STATES]),
          ),
        )
        .orderBy(sql`${bookings.start} nulls last`, transactions.id);
      return rows.map((row) => ({
        id: row.id,
        state: row.state,
        role: row.customerId === userId ? 'customer' : 'provider',
        listingTitle: row.title ?? '',
        bookingStart: row.start,
      }));
    },

    /** The person's avatars: their rows go, their storage prefixes are answered for the files. */
    async removeAvatars(userId: string): Promise<string[]> {
      const rows = await db
        .delete(images)
        .where(and(eq(images.ownerId, userId), eq(images.kind, 'avatar')))
        .returning({ keyPrefix: images.keyPrefix });
      return rows.map((row) => row.keyPrefix).filter((prefix) => prefix !== '');
    },

    /**
     * Erases what identifies the person and every way back in: names emptied (the apps show "Deleted
     * user"), the address replaced by `email`, phone, bio, social links and avatar gone, sessions,
     * passwords and external identities removed, their password-reset tokens voided, favourites and
     * unsent emails and text messages dropped. The row stays, `deleted_at` set, so their
     * transactions and messages keep a party.
     */
    async erase(userId: string, input: { email: string; referralCode: string; at: Date }): Promise<void> {
      await db
        .update(users)
        .set({
          name: '',
          firstName: '',
          lastName: '',
          email: input.email,
          emailVerified: false,
          pendingEmail: null,
          image: null,
          bio: null,
          instagram: null,
          tiktok: null,
          phoneNumber: null,
          referralCode: input.referralCode,
          deletedAt: input.at,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
      await db.delete(sessions).where(eq(sessions.userId, userId));
      await db.delete(accounts).where(eq(accounts.userId, userId));
      // better-auth keeps a reset token's user id as the value.
      await db.delete(verifications).where(eq(verifications.value, userId));
      await db.delete(favourites).where(eq(favourites.userId, userId));
      await db.delete(emailOutbox).where(and(eq(emailOutbox.userId, userId), ne(emailOutbox.status, 'sent')));
      await db.delete(smsOutbox).where(and(eq(smsOutbox.userId, userId), eq(smsOutbox.status, 'pending')));
    },

    /** Whether the person is a party to any transaction (the ops command's summary). */
    async transactionCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(transactions)
        .where(or(eq(transactions.customerId, userId), eq(transactions.providerId, userId)));
      return row?.n ?? 0;
    },
  };
}

export type UserLifecycleRepository = ReturnType<typeof userLifecycleRepository>;
