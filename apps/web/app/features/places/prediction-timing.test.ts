import { describe, expect, it } from 'vitest';
import { predictionDelay } from './prediction-timing.ts';

describe('when predictions are asked for', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['M', 1000],
    ['Ma', 1000],
    [' Ma ', 1000],
    ['Mad', 300],
    ['Madrid, Comunidad de Madrid', 300],
  ])('%j waits %s ms', (text, delay) => {
    expect(predictionDelay(text)).toBe(delay);
  });
});
