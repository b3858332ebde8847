import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

/** One counter of a rate limit: the requests of one key in the window (or bucket) starting at `start`. */
export interface RateCounter {
  start: Date;
  count: number;
}

/** The rate limits' counters, shared by every instance through the database. */
export function rateLimitRepository(db: Executor) {
  return {
    /** Adds one to a counter, creating it, and returns its new count. */
    async increment(key: string, start: Date): Promise<number> {
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: start, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
        })
        .returning({ count: rateLimitCounters.count });
      return row?.count ?? 0;
    },

    /** Takes one back from a counter, never below zero. */
    async decrement(key: string, start: Date): Promise<void> {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
        .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, start)));
    },

    /** The counters of a key that started after `after`, oldest first. */
    async countersSince(key: string, after: Date): Promise<RateCounter[]> {
      return db
        .select({ start: rateLimitCounters.windowStart, count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowStart, after)))
        .orderBy(rateLimitCounters.windowStart);
    },

    /** Forgets every counter of `key`, or of every key starting with it. */
    async clear(key: string, options: { prefix?: boolean } = {}): Promise<void> {
      await db
        .delete(rateLimitCounters)
        .where(
          options.prefix
            ? sql`starts_with(${rateLimitCounters.key}, ${key})`
            : eq(rateLimitCounters.key, key),
        );
    },

    /** Forgets the counters that started before `before`. */
    async prune(before: Date): Promise<void> {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
    },
  };
}

export type RateLimitRepository = ReturnType<typeof rateLimitRepository>;
