import { describe, expect, it } from 'vitest';
import { carouselPosition, wrapIndex } from './carousel.ts';

describe('the group card carousel', () => {
  it('next from the last is the first, previous from the first is the last', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
  });

  it('reads its position one-based over the total', () => {
    expect(carouselPosition(0, 3)).toBe('1/3');
    expect(carouselPosition(2, 3)).toBe('3/3');
    expect(carouselPosition(wrapIndex(2, 1, 3), 3)).toBe('1/3');
  });

  it('a single listing stays put, and an empty carousel is at 0', () => {
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -1, 1)).toBe(0);
    expect(wrapIndex(3, 1, 0)).toBe(0);
  });
});
