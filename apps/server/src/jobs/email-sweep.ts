import type { Database } from '../db/client.ts';
import { queueDueEmails } from '../modules/email/index.ts';
import type { JobDefinition } from './definition.ts';

/** Bounds one sweep; a larger backlog is handed out over the next minutes. */
const SWEEP_LIMIT = 500;

/**
 * Every minute, hands each due outbox email to a delivery job: retries whose time has come, and
 * emails whose delivery job is gone (a lease that ran out on a dead instance). Idempotent: an email
 * already waiting for its job is not queued twice, and delivery claims each email once.
 */
export function emailSweepJob(db: Database): JobDefinition {
  return {
    name: 'email.sweep',
    schedule: '* * * * *',
    // The next minute's sweep is the retry.
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    deadLetter: false,
    async handle() {
      await queueDueEmails(db, SWEEP_LIMIT);
    },
  };
}
