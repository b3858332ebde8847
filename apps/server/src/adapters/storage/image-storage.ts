import type { CspSources } from '../../http/content-security.ts';

/**
 * Where uploaded images live. The built-in adapter is a local folder served under `/uploads/`; the
 * S3-compatible one (AWS, MinIO, R2) is chosen by configuration; callers cannot tell them apart.
 *
 * Keys are relative paths such as `avatars/<imageId>/square-small.webp`; they contain the image id,
 * so a stored object never changes and may be cached for ever. The database keeps keys (an image's
 * key prefix), never URLs: URLs are made here, when a response is built, so moving the files to
 * another store or behind a CDN changes configuration, not data.
 */
export interface ImageStorage {
  /** Stores `body` under `key`, replacing nothing that a reader could see half-written. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Removes every object whose key starts with `prefix` (`avatars/<imageId>/` removes one image's
   * files). Removing what is not there is not an error.
   */
  removePrefix(prefix: string): Promise<void>;
  /** The public URL of `key`. */
  url(key: string): string;
  /** Where pages load the images from, for the Content-Security-Policy (nothing for our own origin). */
  contentSecurity: CspSources;
}

/**
 * Keys contain the image id, so a stored file never changes: browsers and CDNs may keep it a year.
 * The local folder sends it when serving; object stores keep it with each object.
 */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Segments start with a letter or digit, so `.`, `..` and hidden names can never be addressed. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

/** Keys are built by the server; an unsafe one is a programming error, never user input to echo. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe image storage key: ${JSON.stringify(key)}`);
}

/**
 * A prefix is a safe key, optionally ending with `/`. The empty prefix is refused: nothing should
 * ever remove the whole storage by accident.
 */
export function assertSafePrefix(prefix: string): void {
  assertSafeKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}
