import type { Logger } from 'pino';
import type { EmailTransport } from '../../adapters/email/index.ts';
import type { Database } from '../../db/client.ts';
import {
  claimDueEmail,
  keepDueEmails,
  markEmailFailed,
  markEmailSent,
  scheduleEmailRetry,
} from './repository.ts';

export const MAX_EMAIL_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;
/**
 * How long a claimed email stays hidden from other instances. Far longer than one send can take
 * with the SMTP adapter's timeouts, so only a dead instance lets it run out.
 */
export const CLAIM_LEASE_MS = 10 * 60_000;
/** Bounds one run, so a large backlog never makes `stop()` wait long. */
const BATCH_SIZE = 50;
const LAST_ERROR_MAX_LENGTH = 1_000;

/**
 * 1, 4, 16 then 64 minutes after the failed attempts: a fourfold step rides out an SMTP outage of
 * about an hour and a half before giving up, where doubling would give up after a quarter of an hour.
 */
export function retryDelayMs(failedAttempts: number): number {
  return RETRY_BASE_MS * 4 ** (failedAttempts - 1);
}

export interface EmailDispatcherOptions {
  db: Database;
  /** `undefined` (no SMTP configured): emails are marked `kept` and stay readable in the dev mailbox. */
  transport: EmailTransport | undefined;
  from: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Pause between runs; the first run happens after one interval. Default 5 s. */
  intervalMs?: number;
}

export interface EmailDispatcher {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
  /** Handles the emails due now; returns how many it sent, rescheduled, failed or kept. */
  runOnce(): Promise<number>;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, LAST_ERROR_MAX_LENGTH);
}

/**
 * Delivers the outbox in the background; several instances may run it side by side. Each email is
 * claimed with a lease (see `claimDueEmail`) rather than a row lock held during the send: an SMTP
 * exchange then never keeps a pooled connection idle inside a transaction, where a dropped
 * connection would surface as an unhandled client error. Delivery is at least once.
 */
export function startEmailDispatcher(options: EmailDispatcherOptions): EmailDispatcher {
  const { db, transport, from, logger, intervalMs = 5_000 } = options;
  const runs = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** Returns false when no email was due. */
  async function deliverOne(via: EmailTransport): Promise<boolean> {
    const email = await claimDueEmail(db, CLAIM_LEASE_MS);
    if (!email) return false;
    try {
      await via.send({
        from,
        to: email.toAddress,
        subject: email.subject,
        html: email.html,
        text: email.text,
      });
    } catch (error) {
      const lastError = errorText(error);
      const log = { emailId: email.id, attempts: email.attempts, lastError };
      if (email.attempts >= MAX_EMAIL_ATTEMPTS) {
        await markEmailFailed(db, email, lastError);
        logger.error(log, 'email delivery failed for good');
      } else {
        await scheduleEmailRetry(db, email, { lastError, delayMs: retryDelayMs(email.attempts) });
        logger.warn(log, 'email delivery failed; will retry');
      }
      return true;
    }
    await markEmailSent(db, email);
    return true;
  }

  async function runOnce(): Promise<number> {
    if (!transport) return keepDueEmails(db);
    let handled = 0;
    while (handled < BATCH_SIZE && (await deliverOne(transport))) handled += 1;
    return handled;
  }

  function track<T>(run: Promise<T>): Promise<T> {
    runs.add(run);
    return run.finally(() => runs.delete(run));
  }

  async function tick(): Promise<void> {
    try {
      await track(runOnce());
    } catch (error) {
      // The database may be briefly unreachable; the next tick tries again.
      logger.error({ err: error }, 'email dispatch run failed');
    }
    if (!stopped) schedule();
  }

  function schedule(): void {
    timer = setTimeout(() => void tick(), intervalMs);
    // The dispatcher must never be the reason a process stays alive.
    timer.unref();
  }

  schedule();
  return {
    runOnce: () => track(runOnce()),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...runs]);
    },
  };
}
