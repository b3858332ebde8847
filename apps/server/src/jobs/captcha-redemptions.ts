import { deleteExpiredRedemptions } from '../adapters/captcha/index.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { JobDefinition } from './definition.ts';

/**
 * Hourly, forgets the redemptions of expired captcha challenges (refused for their expiry anyway).
 * Idempotent: a second run finds nothing left to delete.
 */
export function captchaRedemptionsJob(db: Database, clock: Clock): JobDefinition {
  return {
    name: 'captcha.purge-redemptions',
    schedule: '0 * * * *',
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    deadLetter: false,
    async handle() {
      await deleteExpiredRedemptions(db, clock.now());
    },
  };
}
