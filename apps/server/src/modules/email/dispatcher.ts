import type { Logger } from 'pino';
import type { EmailTransport } from '../../adapters/email/index.ts';
import type { Executor } from '../../db/executor.ts';
import { claimEmail, keepEmail, markEmailFailed, markEmailSent, scheduleEmailRetry } from './repository.ts';

export const MAX_EMAIL_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;
/**
 * How long a claimed email stays hidden from other instances. Far longer than one send can take
 * with the SMTP adapter's timeouts, so only a dead instance lets it run out.
 */
export const CLAIM_LEASE_MS = 10 * 60_000;
const LAST_ERROR_MAX_LENGTH = 1_000;

/**
 * 1, 4, 16 then 64 minutes after the failed attempts: a fourfold step rides out an SMTP outage of
 * about an hour and a half before giving up, where doubling would give up after a quarter of an hour.
 */
export function retryDelayMs(failedAttempts: number): number {
  return RETRY_BASE_MS * 4 ** (failedAttempts - 1);
}

export interface EmailDispatcherOptions {
  db: Executor;
  /** `undefined` (no SMTP configured): emails are marked `kept` and stay readable in the dev mailbox. */
  transport: EmailTransport | undefined;
  from: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export interface EmailDispatcher {
  /**
   * Sends one outbox email if it is due and no other instance holds it, and records the outcome;
   * false when there was nothing to do. Running it twice for one email sends the email once.
   */
  deliver(emailId: string): Promise<boolean>;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, LAST_ERROR_MAX_LENGTH);
}

/**
 * Delivers outbox emails for the `email.deliver` job; several instances may run it side by side.
 * Each email is claimed with a lease (see `claimEmail`) rather than a row lock held during the send:
 * an SMTP exchange then never keeps a pooled connection idle inside a transaction, where a dropped
 * connection would surface as an unhandled client error. Delivery is at least once. A failed send is
 * not thrown: the outbox schedules its retry, and the sweep hands it out again when it is due.
 */
export function createEmailDispatcher(options: EmailDispatcherOptions): EmailDispatcher {
  const { db, transport, from, logger } = options;

  async function deliver(emailId: string): Promise<boolean> {
    if (!transport) return keepEmail(db, emailId);
    const email = await claimEmail(db, emailId, CLAIM_LEASE_MS);
    if (!email) return false;
    try {
      await transport.send({
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

  return { deliver };
}
