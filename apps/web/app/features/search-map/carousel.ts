/** A carousel index moved by `step`, wrapping past either end (the last's next is the first). */
export function wrapIndex(index: number, step: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + step) % total) + total) % total;
}

/** "n/total", one-based, as the group card shows its position. */
export function carouselPosition(index: number, total: number): string {
  return `${wrapIndex(index, 0, total) + 1}/${total}`;
}
