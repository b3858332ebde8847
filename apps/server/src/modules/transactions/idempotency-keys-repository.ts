import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { answerWithIntent } from './booking-request-repository.ts';

/* The Idempotency-Keys: a request's earlier answer, the key's claim, the answer kept, their expiry. */

export function idempotencyKeysOf(db: Executor) {
  return {
    async idempotencyKey(userId: string, key: string) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row;
    },

    /** False when the key exists already (another request with it committed first). */
    async claimIdempotencyKey(row: typeof idempotencyKeys.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(idempotencyKeys)
        .values(row)
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return inserted.length === 1;
    },

    /** The answer kept under the key; with `intent`, the transaction's new payment intent in the same statement. */
    async answerIdempotencyKey(
      userId: string,
      key: string,
      response: { status: number; body: unknown },
      intent?: { transactionId: string; intent: { id: string; status: string } },
    ) {
      if (!intent) {
        await db
          .update(idempotencyKeys)
          .set({ response })
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        return;
      }
      await answerWithIntent.run(db, {
        intentId: intent.intent.id,
        intentStatus: intent.intent.status,
        transactionId: intent.transactionId,
        response: JSON.stringify(response),
        userId,
        key,
      });
    },

    async expireIdempotencyKeys(before: Date): Promise<number> {
      const result = await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < ${before}`);
      return result.rowCount ?? 0;
    },
  };
}
