import type { ProcessState, TransitionName } from '@hora/core/process';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { bookings, transactions } from '../../db/schema/index.ts';

/* The timers' and the reconciler's questions, and the database's clock they compare with. */

export function reconcilerQueries(db: Executor) {
  return {
    /** The database's clock (its transaction's start): pg-boss compares `start_after` with it. */
    async databaseNow(): Promise<Date> {
      const result = await db.execute<{ now: string }>(sql`select now()::text as now`);
      return new Date((result.rows[0] as { now: string }).now);
    },

    /** Transactions whose current state has a timer that fell due before `at`. */
    async overdueTimers(at: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(sql`${transactions.nextTimerAt} <= ${at}`)
        .orderBy(asc(transactions.nextTimerAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Bookings holding seats though their transaction's state does not (none, unless broken). */
    async strayHolds(states: readonly ProcessState[]): Promise<string[]> {
      const rows = await db
        .select({ id: bookings.transactionId })
        .from(bookings)
        .innerJoin(transactions, eq(transactions.id, bookings.transactionId))
        .where(and(eq(bookings.holdsSeats, true), notInArray(transactions.state, [...states])));
      return rows.map((row) => row.id);
    },

    /**
     * Transitions older than `before` whose payment action (see the engine's table) has no recorded
     * outcome: a job that failed for good, or was never run.
     */
    async unsettledPayments(
      transitions: readonly TransitionName[],
      before: Date,
      limit: number,
    ): Promise<{ id: string; transition: TransitionName }[]> {
      const result = await db.execute(sql`
        select tt.transaction_id as id, tt.transition
        from transaction_transitions tt
        where tt.transition in ${transitions} and tt.created_at < ${before}
          and not exists (select 1 from transaction_payments p
            where p.transaction_id = tt.transaction_id and p.transition = tt.transition)
        order by tt.created_at limit ${limit}`);
      return result.rows as unknown as { id: string; transition: TransitionName }[];
    },
  };
}
