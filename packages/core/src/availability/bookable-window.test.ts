import { describe, expect, it } from 'vitest';
import {
  bookableWindow,
  displayEndDate,
  isBlockedBetween,
  isDayBlocked,
  isInWindow,
  shouldResetEndDate,
  storedEndDate,
} from './bookable-window.ts';
import { computeTimeSlots } from './slots.ts';

const MADRID = 'Europe/Madrid';
const d = (iso: string) => new Date(iso);

describe('bookable window', () => {
  it('runs from today to today + 89 days in the listing zone', () => {
    // 23:30 UTC on 31 Dec is already 1 January in Madrid.
    const window = bookableWindow(d('2025-12-31T23:30:00Z'), MADRID);
    expect(window).toEqual({
      firstDay: '2026-01-01',
      lastDay: '2026-03-31',
      start: d('2025-12-31T23:30:00Z'),
      end: d('2026-03-31T22:00:00Z'),
    });
    expect(isInWindow('2026-01-01', window)).toBe(true);
    expect(isInWindow('2026-03-31', window)).toBe(true);
    expect(isInWindow('2026-04-01', window)).toBe(false);
    expect(isInWindow('2025-12-31', window)).toBe(false);
  });

  it('accepts a configured number of days and refuses nonsense', () => {
    expect(bookableWindow(d('2026-05-04T10:00:00Z'), MADRID, 1).lastDay).toBe('2026-05-04');
    expect(() => bookableWindow(d('2026-05-04T10:00:00Z'), MADRID, 0)).toThrow(RangeError);
  });

  it('blocks days with no free slot and days outside the window', () => {
    const now = d('2026-05-04T10:00:00Z');
    const window = bookableWindow(now, MADRID);
    const slots = computeTimeSlots({
      plan: {
        type: 'availability-plan/time',
        timezone: MADRID,
        entries: [{ dayOfWeek: 'tue', seats: 1, startTime: '09:00', endTime: '12:00' }],
      },
      start: window.start,
      end: window.end,
    });
    expect(isDayBlocked('2026-05-05', slots, window, MADRID)).toBe(false);
    expect(isDayBlocked('2026-05-06', slots, window, MADRID)).toBe(true);
    expect(isDayBlocked('2026-08-04', slots, window, MADRID)).toBe(true);
  });

  it('resets the end when the start moves earlier over a blocked day', () => {
    const blocked = (date: string) => date === '2026-05-06';
    expect(isBlockedBetween('2026-05-05', '2026-05-07', blocked)).toBe(true);
    expect(isBlockedBetween('2026-05-07', '2026-05-09', blocked)).toBe(false);
    expect(shouldResetEndDate('2026-05-07', '2026-05-05', '2026-05-08', blocked)).toBe(true);
    expect(shouldResetEndDate('2026-05-07', '2026-05-07', '2026-05-08', blocked)).toBe(false);
    expect(shouldResetEndDate('2026-05-08', '2026-05-07', '2026-05-09', blocked)).toBe(false);
    expect(shouldResetEndDate(null, '2026-05-05', '2026-05-08', blocked)).toBe(false);
    expect(shouldResetEndDate('2026-05-07', '2026-05-05', null, blocked)).toBe(false);
  });

  it('shifts day-unit ends by one day and leaves night ends alone', () => {
    expect(storedEndDate('2026-05-04', 'day')).toBe('2026-05-05');
    expect(displayEndDate('2026-05-05', 'day')).toBe('2026-05-04');
    expect(storedEndDate('2026-05-04', 'night')).toBe('2026-05-04');
    expect(displayEndDate('2026-05-04', 'night')).toBe('2026-05-04');
  });
});
