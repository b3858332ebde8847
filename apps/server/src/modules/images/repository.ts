import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/executor.ts';
import { images, users } from '../../db/schema/index.ts';

export interface NewAvatarRow {
  id: string;
  width: number;
  height: number;
  /** Where its files are stored (`avatars/<id>/`); `users.image` keeps it too. */
  keyPrefix: string;
}

/**
 * Makes `image` the user's only avatar and points `users.image` at its key prefix, in one transaction.
 * Returns the ids of the avatars it replaced (whose files the caller removes), or null when the
 * user does not exist. The user's row is locked first, so two uploads at once end with one avatar.
 */
export async function replaceUserAvatar(
  db: Executor,
  { userId, image }: { userId: string; image: NewAvatarRow },
): Promise<string[] | null> {
  return withTransaction(db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return null;
    const previous = await tx
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.ownerId, userId), eq(images.kind, 'avatar')));
    const previousIds = previous.map((row) => row.id);
    if (previousIds.length > 0) await tx.delete(images).where(inArray(images.id, previousIds));
    await tx.insert(images).values({ ...image, ownerId: userId, kind: 'avatar', formats: ['webp'] });
    await tx.update(users).set({ image: image.keyPrefix, updatedAt: sql`now()` }).where(eq(users.id, userId));
    return previousIds;
  });
}
