import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.ts';
import {
  sandboxAccountLinks,
  sandboxBankTokens,
  sandboxConnectedAccounts,
} from '../../../db/schema/index.ts';

export type SandboxBankTokenRow = typeof sandboxBankTokens.$inferSelect;
export type SandboxAccountRow = typeof sandboxConnectedAccounts.$inferSelect;
export type SandboxLinkRow = typeof sandboxAccountLinks.$inferSelect;
export type SandboxExternalAccount = NonNullable<SandboxAccountRow['externalAccount']>;

/** The sandbox's tables: tokens, connected accounts and account links, as Stripe would keep them. */
export function sandboxPayoutsRepository(db: Executor) {
  return {
    async insertBankToken(row: typeof sandboxBankTokens.$inferInsert): Promise<void> {
      await db.insert(sandboxBankTokens).values(row);
    },

    /** Marks a token used, once: the row when this call used it, else why it could not. */
    async useBankToken(id: string, now: Date): Promise<SandboxBankTokenRow | 'missing' | 'used'> {
      const [used] = await db
        .update(sandboxBankTokens)
        .set({ usedAt: now })
        .where(and(eq(sandboxBankTokens.id, id), isNull(sandboxBankTokens.usedAt)))
        .returning();
      if (used) return used;
      const [existing] = await db
        .select({ id: sandboxBankTokens.id })
        .from(sandboxBankTokens)
        .where(eq(sandboxBankTokens.id, id));
      return existing ? 'used' : 'missing';
    },

    async findAccount(id: string): Promise<SandboxAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxConnectedAccounts)
        .where(eq(sandboxConnectedAccounts.id, id));
      return row;
    },

    async findAccountByIdempotencyKey(key: string): Promise<SandboxAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxConnectedAccounts)
        .where(eq(sandboxConnectedAccounts.idempotencyKey, key));
      return row;
    },

    /** Undefined when another request with the same idempotency key got there first. */
    async insertAccount(
      row: typeof sandboxConnectedAccounts.$inferInsert,
    ): Promise<SandboxAccountRow | undefined> {
      const [inserted] = await db
        .insert(sandboxConnectedAccounts)
        .values(row)
        .onConflictDoNothing({ target: sandboxConnectedAccounts.idempotencyKey })
        .returning();
      return inserted;
    },

    async updateAccount(
      id: string,
      changes: Partial<Pick<SandboxAccountRow, 'externalAccount' | 'verification' | 'updatedAt'>>,
    ): Promise<SandboxAccountRow | undefined> {
      const [row] = await db
        .update(sandboxConnectedAccounts)
        .set(changes)
        .where(eq(sandboxConnectedAccounts.id, id))
        .returning();
      return row;
    },

    async insertLink(row: typeof sandboxAccountLinks.$inferInsert): Promise<void> {
      await db.insert(sandboxAccountLinks).values(row);
    },

    async findLink(id: string): Promise<SandboxLinkRow | undefined> {
      const [row] = await db.select().from(sandboxAccountLinks).where(eq(sandboxAccountLinks.id, id));
      return row;
    },

    /** Uses a link that is neither used nor expired at `now`; undefined when it cannot be used. */
    async useLink(
      id: string,
      now: Date,
      outcome: 'completed' | 'failed',
    ): Promise<SandboxLinkRow | undefined> {
      const [row] = await db
        .update(sandboxAccountLinks)
        .set({ usedAt: now, outcome })
        .where(
          and(
            eq(sandboxAccountLinks.id, id),
            isNull(sandboxAccountLinks.usedAt),
            gt(sandboxAccountLinks.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
  };
}
