import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { sessions, users } from '../../db/schema/index.ts';

/** The only place the live updates touch the database (besides their LISTEN connection). */
export function liveUpdatesRepository(db: Executor) {
  return {
    /** Which of these sessions are unexpired at `now`, of people neither banned nor deleted. */
    async liveSessions(sessionIds: string[], now: Date): Promise<Set<string>> {
      if (sessionIds.length === 0) return new Set();
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.id, sessionIds),
            gt(sessions.expiresAt, now),
            eq(users.banned, false),
            isNull(users.deletedAt),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
  };
}
