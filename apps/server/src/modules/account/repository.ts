import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { accounts, sessions, users } from '../../db/schema/index.ts';
import type { AccountChanges, AccountSession, AccountUser } from './user.ts';

function toAccountUser(row: typeof users.$inferSelect): AccountUser {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    image: row.image,
    firstName: row.firstName,
    lastName: row.lastName,
    bio: row.bio,
    instagram: row.instagram,
    tiktok: row.tiktok,
    phoneNumber: row.phoneNumber,
    locale: row.locale,
    referralCode: row.referralCode,
    referredById: row.referredById,
    pendingEmail: row.pendingEmail,
    profileConfirmedAt: row.profileConfirmedAt,
    termsAcceptedAt: row.termsAcceptedAt,
    banned: row.banned,
    deletedAt: row.deletedAt,
    createdAt: row.createdAt,
  };
}

/**
 * The only place the account modules touch the database. Takes the pool's database or a
 * transaction (`withTransaction`), so a use case can write through it and other repositories at once.
 */
export function accountRepository(db: Executor) {
  return {
    async findUserByEmail(email: string): Promise<AccountUser | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
      return row && toAccountUser(row);
    },

    async findUserById(id: string): Promise<AccountUser | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row && toAccountUser(row);
    },

    async findUserIdByReferralCode(code: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.referralCode, code.trim().toUpperCase()), eq(users.banned, false)));
      return row?.id;
    },

    /**
     * Spec part 2 §7, "save referral data": who invited the new person; and the terms they accepted.
     * False when the user is gone.
     */
    async completeSignup(
      userId: string,
      input: { referredById?: string; termsAcceptedAt: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ referredById: input.referredById ?? null, termsAcceptedAt: input.termsAcceptedAt })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /** Removes an account with its sessions and sign-in methods (the foreign keys cascade). */
    async deleteUser(userId: string): Promise<void> {
      await db.delete(users).where(eq(users.id, userId));
    },

    async passwordHash(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
      return row?.password ?? undefined;
    },

    /** Ways the person can sign in: `credential` (a password) and the external providers. */
    async signInMethods(userId: string): Promise<string[]> {
      const rows = await db
        .select({ providerId: accounts.providerId })
        .from(accounts)
        .where(eq(accounts.userId, userId));
      return rows.map((row) => row.providerId);
    },

    async findSession(sessionId: string): Promise<AccountSession | undefined> {
      const [row] = await db
        .select({
          userId: sessions.userId,
          createdAt: sessions.createdAt,
          impersonatedBy: sessions.impersonatedBy,
        })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return row;
    },

    /** `updated_at` is the database's time of the write: a record of it, not a business time. */
    async updateUser(userId: string, changes: AccountChanges): Promise<AccountUser> {
      const name =
        changes.firstName !== undefined || changes.lastName !== undefined
          ? sql`${changes.firstName ?? users.firstName} || ' ' || ${changes.lastName ?? users.lastName}`
          : undefined;
      const [row] = await db
        .update(users)
        .set({ ...changes, ...(name ? { name } : {}), updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new Error(`User ${userId} vanished during an update`);
      return toAccountUser(row);
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
