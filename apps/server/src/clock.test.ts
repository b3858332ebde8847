import { describe, expect, it } from 'vitest';
import { systemClock, TestClock } from './clock.ts';

describe('TestClock', () => {
  it('stands still at its start until moved, then moves by exactly what it is told', () => {
    const clock = new TestClock('2026-03-29T00:30:00Z');
    expect(clock.now().toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(clock.advance(2 * 3600_000).toISOString()).toBe('2026-03-29T02:30:00.000Z');
    expect(clock.set('2026-04-01T10:00:00+02:00').toISOString()).toBe('2026-04-01T08:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-04-01T08:00:00.000Z');
  });

  it('refuses to move backwards, and stays where it was', () => {
    const clock = new TestClock('2026-03-29T00:30:00Z');
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.set('2026-03-29T00:29:59Z')).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(clock.now().toISOString()).toBe('2026-03-29T00:30:00.000Z');
  });

  it('running on another clock, keeps flowing with it, shifted by the distance moved', () => {
    const source = new TestClock('2026-01-01T00:00:00Z');
    const clock = new TestClock(source);
    clock.advance(60_000);
    source.advance(5_000);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:01:05.000Z');
  });

  it('refuses a start that is not a moment', () => {
    expect(() => new TestClock('not a date')).toThrow(RangeError);
  });
});

describe('systemClock', () => {
  it('reads the machine’s time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
