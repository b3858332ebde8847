/** Where a horizontally scrolling list stands: what the browser says of its scroll box. */
export interface ScrollBox {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

/** Sub-pixel layouts leave a fraction of a pixel at the ends. */
const SLACK = 1;

/** Whether there is anything to the left (previous) or to the right (next) of what is visible. */
export function carouselEdges(box: ScrollBox): { canPrevious: boolean; canNext: boolean } {
  const max = Math.max(0, box.scrollWidth - box.clientWidth);
  return { canPrevious: box.scrollLeft > SLACK, canNext: box.scrollLeft < max - SLACK };
}

/**
 * Where "previous" or "next" scrolls to: most of a view further (a fifth stays visible, so the eye
 * keeps its place), never past either end.
 */
export function carouselTarget(box: ScrollBox, direction: 'previous' | 'next'): number {
  const max = Math.max(0, box.scrollWidth - box.clientWidth);
  const step = Math.max(1, Math.round(box.clientWidth * 0.8));
  const target = direction === 'next' ? box.scrollLeft + step : box.scrollLeft - step;
  return Math.min(max, Math.max(0, target));
}
