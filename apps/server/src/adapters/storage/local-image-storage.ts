import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, assertSafePrefix, type ImageStorage } from './image-storage.ts';

export interface LocalImageStorageOptions {
  /** The folder holding the files (`config.uploadsDir`). */
  uploadsDir: string;
  /** Where `registerUploads` serves the folder, or a CDN's URL in front of it. */
  publicPath?: string;
}

/** The built-in image storage: files in a local folder, served by `registerUploads`. */
export function createLocalImageStorage({
  uploadsDir,
  publicPath = '/uploads',
}: LocalImageStorageOptions): ImageStorage {
  const base = publicPath.replace(/\/$/, '');
  const fileOf = (key: string) => path.join(uploadsDir, ...key.split('/'));

  return {
    // Our own origin needs nothing; a CDN in front of the folder is another origin.
    contentSecurity: /^https?:\/\//.test(base) ? { images: [`${base}/`] } : {},

    async put(key, body, _contentType) {
      assertSafeKey(key);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed, so a reader sees the whole file or none. The dot
      // makes the temporary name unreachable as a key and invisible to the static file server.
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, body);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async removePrefix(prefix) {
      assertSafePrefix(prefix);
      if (prefix.endsWith('/')) {
        await rm(fileOf(prefix.slice(0, -1)), { recursive: true, force: true });
        return;
      }
      // A prefix that ends inside a name (`avatars/ab`) matches every entry starting with it, as in
      // an object store.
      const folder = fileOf(path.posix.dirname(prefix) === '.' ? '' : path.posix.dirname(prefix));
      const start = path.posix.basename(prefix);
      let entries: string[];
      try {
        entries = await readdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      await Promise.all(
        entries
          .filter((entry) => entry.startsWith(start))
          .map((entry) => rm(path.join(folder, entry), { recursive: true, force: true })),
      );
    },

    url(key) {
      assertSafeKey(key);
      return `${base}/${key}`;
    },
  };
}
