import { describe, expect, it } from 'vitest';
import { carouselEdges, carouselTarget } from './carousel.ts';

// 19 cards in a row 3000 px wide seen through a 1000 px window.
const at = (scrollLeft: number) => ({ scrollLeft, clientWidth: 1000, scrollWidth: 3000 });

describe('carousel previous and next', () => {
  it('can only go forward at the start and only back at the end', () => {
    expect(carouselEdges(at(0))).toEqual({ canPrevious: false, canNext: true });
    expect(carouselEdges(at(900))).toEqual({ canPrevious: true, canNext: true });
    expect(carouselEdges(at(2000))).toEqual({ canPrevious: true, canNext: false });
    // A fraction of a pixel short of an end counts as the end.
    expect(carouselEdges(at(1999.5))).toEqual({ canPrevious: true, canNext: false });
    expect(carouselEdges(at(0.5))).toEqual({ canPrevious: false, canNext: true });
  });

  it('has nothing to scroll when everything fits', () => {
    expect(carouselEdges({ scrollLeft: 0, clientWidth: 1200, scrollWidth: 1000 })).toEqual({
      canPrevious: false,
      canNext: false,
    });
    expect(carouselTarget({ scrollLeft: 0, clientWidth: 1200, scrollWidth: 1000 }, 'next')).toBe(0);
  });

  it('moves most of a view and stops at either end', () => {
    expect(carouselTarget(at(0), 'next')).toBe(800);
    expect(carouselTarget(at(800), 'next')).toBe(1600);
    expect(carouselTarget(at(1600), 'next')).toBe(2000);
    expect(carouselTarget(at(2000), 'next')).toBe(2000);
    expect(carouselTarget(at(2000), 'previous')).toBe(1200);
    expect(carouselTarget(at(500), 'previous')).toBe(0);
    expect(carouselTarget(at(0), 'previous')).toBe(0);
  });
});
