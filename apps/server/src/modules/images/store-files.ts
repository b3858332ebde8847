import type { ImageStorage } from '../../adapters/storage/index.ts';

export interface FileToStore {
  key: string;
  body: Buffer;
  contentType: string;
}

/**
 * Stores every file, several at once. Settled, not `all`: when one write fails, this waits for the
 * others to end before throwing, so the caller's undo (removing the image's prefix) runs after the
 * last write and no late file is left behind.
 */
export async function storeFiles(storage: ImageStorage, files: readonly FileToStore[]): Promise<void> {
  const writes = await Promise.allSettled(
    files.map((file) => storage.put(file.key, file.body, file.contentType)),
  );
  const failed = writes.find((write) => write.status === 'rejected');
  if (failed) throw failed.reason;
}
