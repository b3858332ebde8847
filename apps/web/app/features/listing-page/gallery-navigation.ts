/**
 * How the gallery moves between photos, apart from React: keys and swipes give the next index.
 * Both ends wrap, as in the spec's map carousel, so every photo is one direction away.
 */

/** Spec part 2 §9: a swipe is a horizontal move of more than 5 px. */
export const SWIPE_THRESHOLD_PX = 5;

/** The index a key leads to, or null for keys the gallery leaves alone (they keep their default). */
export function indexAfterKey(key: string, index: number, count: number): number | null {
  if (count < 1) return null;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * What a touch or pen gesture from its start to its end means: a swipe left shows the next photo,
 * a swipe right the previous one; a mostly vertical move is the page scrolling, and a small one a tap.
 */
export function gestureOf(dx: number, dy: number): 'next' | 'previous' | 'tap' | 'scroll' {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX && Math.abs(dy) <= SWIPE_THRESHOLD_PX) return 'tap';
  if (Math.abs(dy) >= Math.abs(dx)) return 'scroll';
  return dx < 0 ? 'next' : 'previous';
}

export function indexAfterGesture(gesture: ReturnType<typeof gestureOf>, index: number, count: number) {
  if (gesture === 'next') return indexAfterKey('ArrowRight', index, count);
  if (gesture === 'previous') return indexAfterKey('ArrowLeft', index, count);
  return null;
}
