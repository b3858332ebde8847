import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/executor.ts';
import { favourites, listings, users } from '../../db/schema/index.ts';

/** The states whose listings can be favourited and are listed among favourites (everyone sees them). */
export const FAVOURABLE_STATES = ['published', 'closed'] as const;

/** A person's favourite listings. Only rows of listings in a visible state are counted as shown. */
export function favouriteRepository(db: Executor) {
  const visible = inArray(listings.state, [...FAVOURABLE_STATES]);

  return {
    /**
     * Adds the pair unless it is there; 'full' when the person already keeps `max`. The person's row
     * is locked first, so two adds at once cannot both pass the count.
     */
    async add(userId: string, listingId: string, max: number): Promise<'added' | 'present' | 'full'> {
      return withTransaction(db, async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [existing] = await tx
          .select({ id: favourites.listingId })
          .from(favourites)
          .where(and(eq(favourites.userId, userId), eq(favourites.listingId, listingId)));
        if (existing) return 'present';
        const [kept] = await tx
          .select({ value: count() })
          .from(favourites)
          .where(eq(favourites.userId, userId));
        if ((kept?.value ?? 0) >= max) return 'full';
        await tx.insert(favourites).values({ userId, listingId }).onConflictDoNothing();
        return 'added';
      });
    },

    /** The listing's state, or null when there is no such listing. */
    async listingState(listingId: string): Promise<string | null> {
      const [row] = await db
        .select({ state: listings.state })
        .from(listings)
        .where(eq(listings.id, listingId));
      return row?.state ?? null;
    },

    async remove(userId: string, listingId: string): Promise<void> {
      await db
        .delete(favourites)
        .where(and(eq(favourites.userId, userId), eq(favourites.listingId, listingId)));
    },

    /** One page of the ids of a person's shown favourites, newest favourite first, with their total. */
    async page(
      userId: string,
      { page, perPage }: { page: number; perPage: number },
    ): Promise<{ ids: string[]; total: number }> {
      const where = and(eq(favourites.userId, userId), visible);
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: favourites.listingId })
          .from(favourites)
          .innerJoin(listings, eq(listings.id, favourites.listingId))
          .where(where)
          .orderBy(desc(favourites.createdAt), desc(favourites.listingId))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ value: count() })
          .from(favourites)
          .innerJoin(listings, eq(listings.id, favourites.listingId))
          .where(where),
      ]);
      return { ids: rows.map((row) => row.id), total: total?.value ?? 0 };
    },

    /** Those of the given listings the person keeps as favourites (whatever their state now). */
    async among(userId: string, listingIds: readonly string[]): Promise<string[]> {
      if (listingIds.length === 0) return [];
      const rows = await db
        .select({ id: favourites.listingId })
        .from(favourites)
        .where(and(eq(favourites.userId, userId), inArray(favourites.listingId, [...listingIds])));
      return rows.map((row) => row.id);
    },
  };
}

export type FavouriteRepository = ReturnType<typeof favouriteRepository>;
