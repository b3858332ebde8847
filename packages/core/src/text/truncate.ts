import { LIMITS } from '../config/constants.ts';

/** Cuts a long text (a bio) for a "show more" toggle, never inside a surrogate pair. */
export function truncateText(
  text: string,
  max: number = LIMITS.bioTruncate,
): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, truncated: true };
}
