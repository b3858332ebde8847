import { randomUUID } from 'node:crypto';
import { AppError } from '@hora/core/errors';
import type { ImageStorage } from '../../adapters/storage/index.ts';
import type { Executor } from '../../db/executor.ts';
import { AVATAR_VARIANTS, type AvatarVariantUrls, avatarKey, avatarPrefix } from './avatar-variants.ts';
import { processAvatar } from './process-avatar.ts';
import { replaceUserAvatar } from './repository.ts';
import { storeFiles } from './store-files.ts';

export interface SaveAvatarInput {
  db: Executor;
  storage: ImageStorage;
  userId: string;
  /** The uploaded file as received; checked and re-encoded here. */
  file: Buffer;
  /** Told about old files that could not be removed (the new avatar is saved all the same). */
  log?: { warn(details: object, message: string): void };
}

export interface SavedAvatar {
  id: string;
  variants: AvatarVariantUrls;
}

/**
 * Replaces a user's avatar in three steps: store the new files (undo: remove them), record the
 * image and point `users.image` at its key prefix in one transaction (undo: remove the new files),
 * then remove the old files. A failure in the last step leaves unreferenced files, never a broken
 * avatar.
 */
export async function saveAvatar({ db, storage, userId, file, log }: SaveAvatarInput): Promise<SavedAvatar> {
  const avatar = await processAvatar(file);
  const id = randomUUID();
  const undo = () => storage.removePrefix(avatarPrefix(id)).catch(() => undefined);

  let previousIds: string[] | null;
  try {
    await storeFiles(
      storage,
      avatar.variants.map((variant) => ({
        key: avatarKey(id, variant.variant),
        body: variant.body,
        contentType: variant.contentType,
      })),
    );
    previousIds = await replaceUserAvatar(db, {
      userId,
      image: { id, width: avatar.width, height: avatar.height, keyPrefix: avatarPrefix(id) },
    });
  } catch (error) {
    await undo();
    throw error;
  }
  if (previousIds === null) {
    await undo();
    throw new AppError('not-found', { title: 'User not found' });
  }

  const removals = await Promise.allSettled(
    previousIds.map((previousId) => storage.removePrefix(avatarPrefix(previousId))),
  );
  removals.forEach((removal, index) => {
    if (removal.status === 'rejected') {
      log?.warn({ err: removal.reason, imageId: previousIds[index] }, 'old avatar files not removed');
    }
  });

  return {
    id,
    variants: Object.fromEntries(
      AVATAR_VARIANTS.map((variant) => [variant, storage.url(avatarKey(id, variant))]),
    ) as AvatarVariantUrls,
  };
}
