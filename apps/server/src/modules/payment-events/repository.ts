import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { paymentEvents } from '../../db/schema/index.ts';

/** The provider events received, by id: claimed while handled, then marked handled. */
export function paymentEventsRepository(db: Executor) {
  return {
    /**
     * Claims the event for handling: true when it is new, or when an earlier claim was neither
     * finished nor renewed since `staleBefore` (its process died). One statement, so two claims of
     * the same event at once cannot both win.
     */
    async claim(
      row: { id: string; type: string; objectId: string },
      now: Date,
      staleBefore: Date,
    ): Promise<boolean> {
      const claimed = await db
        .insert(paymentEvents)
        .values({ ...row, claimedAt: now })
        .onConflictDoUpdate({
          target: paymentEvents.id,
          set: { claimedAt: now },
          setWhere: and(isNull(paymentEvents.handledAt), lt(paymentEvents.claimedAt, staleBefore)),
        })
        .returning({ id: paymentEvents.id });
      return claimed.length > 0;
    },

    async isHandled(id: string): Promise<boolean> {
      const [row] = await db
        .select({ handled: sql<boolean>`${paymentEvents.handledAt} is not null` })
        .from(paymentEvents)
        .where(eq(paymentEvents.id, id));
      return row?.handled ?? false;
    },

    async markHandled(id: string, now: Date): Promise<void> {
      await db.update(paymentEvents).set({ handledAt: now }).where(eq(paymentEvents.id, id));
    },

    /** Gives a claim up (its handler failed), so the provider's retry handles the event again. */
    async release(id: string): Promise<void> {
      await db.delete(paymentEvents).where(and(eq(paymentEvents.id, id), isNull(paymentEvents.handledAt)));
    },
  };
}
