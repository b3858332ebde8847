import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, sessions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** The only place the account modules touch the database. */
export function accountRepository(db: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findUserIdByReferralCode(code: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.referralCode, code.trim().toUpperCase()), eq(users.banned, false)));
      return row?.id;
    },

    /** Spec part 2 §7, "save referral data": who invited the new person; and the terms they accepted. */
    async completeSignup(
      userId: string,
      input: { referredById?: string; termsAcceptedAt: Date },
    ): Promise<void> {
      await db
        .update(users)
        .set({ referredById: input.referredById ?? null, termsAcceptedAt: input.termsAcceptedAt })
        .where(eq(users.id, userId));
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

    async findSession(sessionId: string) {
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

    async updateUser(
      userId: string,
      changes: Partial<
        Pick<
          UserRow,
          | 'firstName'
          | 'lastName'
          | 'bio'
          | 'instagram'
          | 'tiktok'
          | 'phoneNumber'
          | 'pendingEmail'
          | 'profileConfirmedAt'
          | 'termsAcceptedAt'
          | 'email'
          | 'emailVerified'
          | 'locale'
        >
      >,
    ): Promise<UserRow> {
      const name =
        changes.firstName !== undefined || changes.lastName !== undefined
          ? sql`${changes.firstName ?? users.firstName} || ' ' || ${changes.lastName ?? users.lastName}`
          : undefined;
      const [row] = await db
        .update(users)
        .set({ ...changes, ...(name ? { name } : {}), updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new Error(`User ${userId} vanished during an update`);
      return row;
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
