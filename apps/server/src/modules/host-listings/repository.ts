import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { listings, users } from '../../db/schema/index.ts';

/**
 * A person's listings as their public profile shows them: published ones only, newest first. Both
 * reads walk `listings_author_created_idx` (author, created_at), filtering on the state (decision 0053).
 */
export function hostListingsRepository(db: Executor) {
  const published = (authorId: string) =>
    and(eq(listings.authorId, authorId), eq(listings.state, 'published'));

  return {
    /**
     * How many published listings the person has, or null when there is no profile to show: no
     * such person, or one banned or deleted.
     */
    async publishedCount(authorId: string): Promise<number | null> {
      const [row] = await db
        .select({ total: db.$count(listings, published(authorId)) })
        .from(users)
        .where(and(eq(users.id, authorId), eq(users.banned, false), isNull(users.deletedAt)));
      return row ? Number(row.total) : null;
    },

    /** One page of the ids of the person's published listings, newest first. */
    async publishedPage(
      authorId: string,
      { page, perPage }: { page: number; perPage: number },
    ): Promise<string[]> {
      const rows = await db
        .select({ id: listings.id })
        .from(listings)
        .where(published(authorId))
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return rows.map((row) => row.id);
    },
  };
}

export type HostListingsRepository = ReturnType<typeof hostListingsRepository>;
