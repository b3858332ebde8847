/**
 * Where uploaded images live. The built-in adapter is a local folder served under `/uploads/`; an
 * S3-compatible adapter can replace it without touching the callers.
 *
 * Keys are relative paths such as `avatars/<imageId>/square-small.webp`; they contain the image id,
 * so a stored object never changes and may be cached for ever.
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
}

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
