import { createHash } from 'node:crypto';
import { clientKey, type RateLimit, type RateLimiter, type Reservation } from '../../http/rate-limit.ts';

/**
 * Failed password checks allowed before a 429 (sliding windows). Tight per account and client, so a
 * guesser is slowed at once but cannot lock the owner out from elsewhere; loose per account
 * (NIST SP 800-63B §5.2.2: at most 100 consecutive failures), which only a reset through the
 * emailed link or a quiet day lifts; and per client across accounts, against password spraying.
 */
export const PASSWORD_GUESS_LIMITS = {
  perAccountAndClient: { name: 'password:account-client', max: 10, windowSeconds: 15 * 60 },
  perClient: { name: 'password:client', max: 20, windowSeconds: 15 * 60 },
  perAccount: { name: 'password:account', max: 100, windowSeconds: 24 * 3600 },
} satisfies Record<string, RateLimit>;

const { perAccountAndClient, perClient, perAccount } = PASSWORD_GUESS_LIMITS;

/** One password check under way; until `succeeded()` it counts as a failure. */
export interface PasswordAttempt {
  /** The password was right: this client's and the account's failures are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * The account an attempt is counted against: the user's id, or for an address with no account a
 * digest of it, so that guesses at unknown addresses count too without storing the addresses.
 */
export function accountOfLogin(userId: string | undefined, email: string): string {
  if (userId) return userId;
  return `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

/**
 * The one limiter of every check of a password: log-in, and the current password asked by account
 * settings (password change, email change, confirming a sign-up). Usage:
 *
 *   const attempt = await passwordGuard.check(userId, context.ip); // 429 rate-limited when locked
 *   if (!(await verifyPassword(hash, password))) throw new AppError('wrong-password');
 *   await attempt.succeeded();
 *
 * Each attempt is counted before the password is checked, so parallel guesses cannot slip past the
 * limit, and is taken back on success: only failures count.
 */
export class PasswordGuard {
  constructor(private readonly limiter: RateLimiter) {}

  async check(account: string, ip: string): Promise<PasswordAttempt> {
    const client = clientKey(ip);
    const pair = `${account}:${client}`;
    const held: Reservation[] = [];
    try {
      held.push(await this.limiter.reserve(perClient, client));
      held.push(await this.limiter.reserve(perAccountAndClient, pair));
      held.push(await this.limiter.reserve(perAccount, account));
    } catch (error) {
      for (const reservation of held) await this.limiter.release(reservation);
      throw error;
    }
    const [clientReservation] = held as [Reservation];
    return {
      succeeded: async () => {
        // The client's count across accounts is only given back, never wiped: a sprayer who also
        // owns an account must not be able to reset it by logging into their own.
        await this.limiter.release(clientReservation);
        await this.limiter.clear(perAccountAndClient, pair);
        await this.limiter.clear(perAccount, account);
      },
    };
  }

  /** A password reset through the emailed link proves the owner: every lock on the account lifts. */
  async forgive(account: string): Promise<void> {
    await this.limiter.clear(perAccount, account);
    await this.limiter.clear(perAccountAndClient, `${account}:`, { prefix: true });
  }
}
