import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { captchaRedemptions } from '../../db/schema/index.ts';

/**
 * Marks a challenge as used. True the first time for a signature, false on every later attempt, even
 * when two requests race: the primary key decides, not a read-then-write.
 */
export async function redeemChallenge(db: Executor, signature: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insert(captchaRedemptions)
    .values({ signature, expiresAt })
    .onConflictDoNothing({ target: captchaRedemptions.signature })
    .returning({ signature: captchaRedemptions.signature });
  return inserted.length === 1;
}

/**
 * Forgets redemptions of challenges that have expired: those are refused for their expiry anyway.
 * Returns how many rows were deleted.
 */
export async function deleteExpiredRedemptions(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(captchaRedemptions)
    .where(lt(captchaRedemptions.expiresAt, now))
    .returning({ signature: captchaRedemptions.signature });
  return deleted.length;
}
