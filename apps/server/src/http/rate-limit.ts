import { isIPv6 } from 'node:net';
import { AppError } from '@hora/core/errors';
import type { Clock } from '../clock.ts';
import type { Executor } from '../db/executor.ts';
import { type RateLimitRepository, rateLimitRepository } from './rate-limit-repository.ts';

export interface RateLimit {
  /** Counter family, e.g. `signup:ip`. */
  name: string;
  max: number;
  /** At most a day: older counters are pruned. */
  windowSeconds: number;
}

const PRUNE_AFTER_MS = 24 * 3600 * 1000;

/**
 * Limits of the account endpoints that do not check a password (those are in
 * `modules/auth/password-guard.ts`): per IP and per account.
 */
export const AUTH_RATE_LIMITS = {
  signupPerIp: { name: 'signup:ip', max: 10, windowSeconds: 60 * 60 },
  recoveryPerIp: { name: 'recovery:ip', max: 10, windowSeconds: 60 * 60 },
  recoveryPerAccount: { name: 'recovery:account', max: 5, windowSeconds: 60 * 60 },
  // Asking for a new email answers `email-taken`, so it is limited like a sign-up.
  emailChangePerIp: { name: 'email-change:ip', max: 10, windowSeconds: 60 * 60 },
  emailChangePerAccount: { name: 'email-change:account', max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

/**
 * The part of a client's address that one client controls: the whole IPv4 address, but only the
 * first 64 bits of an IPv6 one, since a single subscriber is usually given a whole /64.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A counted attempt that can be taken back (see `RateLimiter.reserve`). */
export interface Reservation {
  key: string;
  bucketStart: Date;
}

function rateLimited(limit: RateLimit, retryAfterSeconds: number): AppError {
  return new AppError('rate-limited', {
    title: 'Too many requests, try again later',
    meta: { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)), limit: limit.name },
  });
}

/**
 * Counters in PostgreSQL, so all instances share them. Rows of past windows are pruned now and then.
 * A 429 carries `meta.retryAfterSeconds`, which the error handler turns into `Retry-After`.
 */
export class RateLimiter {
  private readonly counters: RateLimitRepository;

  constructor(
    db: Executor,
    private readonly clock: Clock,
  ) {
    this.counters = rateLimitRepository(db);
  }

  /** Fixed window: counts one request; over the limit it throws 429 `rate-limited`. */
  async hit(limit: RateLimit, subject: string): Promise<void> {
    const now = this.clock.now();
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const count = await this.increment(this.key(limit, subject), windowStart);
    if (count > limit.max) {
      throw rateLimited(limit, (windowStart.getTime() + windowMs - now.getTime()) / 1000);
    }
  }

  /**
   * Sliding window (15 buckets per window): counts one attempt, or throws 429 without counting it
   * when `max` attempts already lie in the last window. Counting before the attempt is what makes
   * parallel attempts unable to slip past the limit; `release` takes the count back.
   */
  async reserve(limit: RateLimit, subject: string): Promise<Reservation> {
    const now = this.clock.now();
    const windowMs = limit.windowSeconds * 1000;
    if (windowMs > PRUNE_AFTER_MS) throw new Error(`Rate limit ${limit.name}: window longer than a day`);
    const bucketMs = Math.ceil(windowMs / 15);
    const bucketStart = new Date(Math.floor(now.getTime() / bucketMs) * bucketMs);
    const key = this.key(limit, subject);
    await this.increment(key, bucketStart);
    const buckets = await this.counters.countersSince(key, new Date(now.getTime() - windowMs));
    let total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
    if (total <= limit.max) return { key, bucketStart };

    await this.release({ key, bucketStart });
    total -= 1;
    // The next attempt is allowed once enough of the oldest buckets have left the window.
    for (const bucket of buckets) {
      total -= bucket.start.getTime() === bucketStart.getTime() ? bucket.count - 1 : bucket.count;
      if (total < limit.max) {
        throw rateLimited(limit, (bucket.start.getTime() + windowMs - now.getTime()) / 1000);
      }
    }
    throw rateLimited(limit, limit.windowSeconds);
  }

  /** Takes back an attempt counted by `reserve`. */
  async release(reservation: Reservation): Promise<void> {
    await this.counters.decrement(reservation.key, reservation.bucketStart);
  }

  /** Forgets every count of one subject, or of every subject starting with `subjectPrefix`. */
  async clear(limit: RateLimit, subject: string, options: { prefix?: boolean } = {}): Promise<void> {
    await this.counters.clear(this.key(limit, subject), options);
  }

  private key(limit: RateLimit, subject: string): string {
    return `${limit.name}:${subject.toLowerCase()}`;
  }

  private async increment(key: string, windowStart: Date): Promise<number> {
    const count = await this.counters.increment(key, windowStart);
    if (Math.random() < 0.01)
      await this.counters.prune(new Date(this.clock.now().getTime() - PRUNE_AFTER_MS));
    return count;
  }
}
