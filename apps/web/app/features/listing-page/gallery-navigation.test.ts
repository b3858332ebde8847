import { describe, expect, it } from 'vitest';
import { gestureOf, indexAfterGesture, indexAfterKey } from './gallery-navigation.ts';

describe('indexAfterKey', () => {
  it.each([
    ['ArrowRight', 0, 3, 1],
    ['ArrowRight', 2, 3, 0],
    ['ArrowLeft', 1, 3, 0],
    ['ArrowLeft', 0, 3, 2],
    ['Home', 2, 3, 0],
    ['End', 0, 3, 2],
    ['ArrowRight', 0, 1, 0],
  ])('%s from photo %i of %i shows photo %i', (key, index, count, expected) => {
    expect(indexAfterKey(key, index, count)).toBe(expected);
  });

  it('leaves every other key to the browser (Tab, Enter, Escape, arrows up and down)', () => {
    for (const key of ['Tab', 'Enter', 'Escape', 'ArrowUp', 'ArrowDown', 'a']) {
      expect(indexAfterKey(key, 1, 3)).toBeNull();
    }
  });

  it('does nothing without photos', () => {
    expect(indexAfterKey('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('gestureOf', () => {
  it.each([
    [-40, 3, 'next'],
    [40, -3, 'previous'],
    [-6, 0, 'next'],
    [5, 5, 'tap'],
    [0, 0, 'tap'],
    [-20, 30, 'scroll'],
    [20, -20, 'scroll'],
  ] as const)('a move of (%i, %i) px is a %s', (dx, dy, expected) => {
    expect(gestureOf(dx, dy)).toBe(expected);
  });

  it('turns swipes into the neighbouring photo, wrapping at both ends', () => {
    expect(indexAfterGesture('next', 2, 3)).toBe(0);
    expect(indexAfterGesture('previous', 0, 3)).toBe(2);
    expect(indexAfterGesture('tap', 1, 3)).toBeNull();
    expect(indexAfterGesture('scroll', 1, 3)).toBeNull();
  });
});
