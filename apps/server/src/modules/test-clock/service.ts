import { AppError } from '@hora/core/errors';
import type { TestClock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { withTransaction } from '../../db/executor.ts';
import { shiftWaitingJobs } from '../../jobs/job-repository.ts';
import { shiftPendingEmails } from '../email/index.ts';

/**
 * Moving the test clock (TEST_CLOCK=true): the app's clock moves, and so does every deadline kept
 * against the database's own clock (pg-boss's `start_after`, the outbox's next attempt), which no
 * setting of ours can move: they are brought closer by as much, in one transaction, before the
 * clock moves. A job due in two hours runs once the clock has been moved two hours.
 */
export function testClockService(deps: { db: Database; clock: TestClock }) {
  const { db, clock } = deps;

  async function advance(ms: number): Promise<Date> {
    await withTransaction(db, async (tx) => {
      await shiftWaitingJobs(tx, ms);
      await shiftPendingEmails(tx, ms);
    });
    return clock.advance(ms);
  }

  return {
    now: () => clock.now(),

    advance,

    /** Forward only: a moment in the past is refused, with the clock's current time. */
    async set(moment: Date): Promise<Date> {
      const ms = moment.getTime() - clock.now().getTime();
      if (ms < 0) {
        throw new AppError('validation-invalid-value', {
          title: 'The test clock only moves forward',
          meta: { field: 'set', reason: 'clock-moves-forward-only', now: clock.now().toISOString() },
        });
      }
      return advance(ms);
    },
  };
}

export type TestClockService = ReturnType<typeof testClockService>;
