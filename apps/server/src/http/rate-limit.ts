import { AppError } from '@hora/core/errors';
import { lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

export interface RateLimit {
  /** Counter family, e.g. `login:ip`. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** Limits of the account endpoints: per IP and per account (the email address). */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { name: 'login:ip', max: 20, windowSeconds: 15 * 60 },
  loginPerAccount: { name: 'login:account', max: 10, windowSeconds: 15 * 60 },
  signupPerIp: { name: 'signup:ip', max: 10, windowSeconds: 60 * 60 },
  recoveryPerIp: { name: 'recovery:ip', max: 10, windowSeconds: 60 * 60 },
  recoveryPerAccount: { name: 'recovery:account', max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

/**
 * Fixed-window counters in PostgreSQL, so all instances share them. Counting is one upsert; rows of
 * past windows are pruned now and then.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Counts one hit; over the limit it throws 429 `rate-limited` and sets Retry-After. */
  async hit(limit: RateLimit, subject: string, reply: FastifyReply): Promise<void> {
    const now = this.clock();
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const key = `${limit.name}:${subject.toLowerCase()}`;
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      })
      .returning({ count: rateLimitCounters.count });
    if (Math.random() < 0.01) await this.prune(now);
    if ((row?.count ?? 0) > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
      reply.header('retry-after', String(retryAfter));
      throw new AppError('rate-limited', {
        title: 'Too many requests, try again later',
        meta: { retryAfterSeconds: retryAfter, limit: limit.name },
      });
    }
  }

  private async prune(now: Date): Promise<void> {
    await this.db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 24 * 3600 * 1000)));
  }
}
