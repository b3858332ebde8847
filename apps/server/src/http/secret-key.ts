import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether `given` is `key` (the dev mailbox's, the test clock's: keys printed at start). Compares
 * digests, so the time taken says nothing about how much of the key was right.
 */
export function matchesKey(given: unknown, key: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(key));
}
