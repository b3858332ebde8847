import type { Executor } from '../../db/executor.ts';
import { paymentEvents } from '../../db/schema/index.ts';

/** The provider events already handled, by id. */
export function paymentEventsRepository(db: Executor) {
  return {
    /**
     * Records the event as handled; false when it already was. In a transaction, a concurrent
     * insert of the same id waits here until the first one commits (then false) or rolls back.
     */
    async claim(row: typeof paymentEvents.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(paymentEvents)
        .values(row)
        .onConflictDoNothing({ target: paymentEvents.id })
        .returning({ id: paymentEvents.id });
      return inserted.length > 0;
    },
  };
}
