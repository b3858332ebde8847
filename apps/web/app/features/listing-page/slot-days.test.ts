import { describe, expect, it } from 'vitest';
import { bookingMonthsShown, formatSlotDay, lastDayOfMonthAfter, monthsQueryEnd } from './slot-days.ts';

describe('formatSlotDay', () => {
  it('names the day in the visitor’s language, whatever the server’s time zone', () => {
    expect(formatSlotDay('2025-11-24', 'es')).toBe('Lun, 24 nov');
    expect(formatSlotDay('2025-11-24', 'en')).toBe('Mon, Nov 24');
  });

  it('keeps each language’s labels apart, and stays right once its kept labels were dropped', () => {
    expect(formatSlotDay('2025-11-25', 'en')).toBe('Tue, Nov 25');
    expect(formatSlotDay('2025-11-25', 'es')).toBe('Mar, 25 nov');
    // Two years of days: more than are kept, so the cache is emptied on the way.
    const start = Date.UTC(2026, 0, 1);
    for (let day = 0; day < 730; day += 1) {
      formatSlotDay(new Date(start + day * 86_400_000).toISOString().slice(0, 10), 'es');
    }
    expect(formatSlotDay('2025-11-24', 'es')).toBe('Lun, 24 nov');
    expect(formatSlotDay('2025-11-25', 'en')).toBe('Tue, Nov 25');
  });
});

describe('the booking form’s months', () => {
  it('loads the current and next month at first, one more each time, at most three ahead (past any 90-day window)', () => {
    expect(bookingMonthsShown(null)).toBe(1);
    expect(bookingMonthsShown('x')).toBe(1);
    expect(bookingMonthsShown('0')).toBe(1);
    expect(bookingMonthsShown('2')).toBe(2);
    expect(bookingMonthsShown('40')).toBe(3);
  });

  it('names the last day of a month after a day’s month, over year ends', () => {
    expect(lastDayOfMonthAfter('2025-11-24', 0)).toBe('2025-11-30');
    expect(lastDayOfMonthAfter('2025-11-24', 1)).toBe('2025-12-31');
    expect(lastDayOfMonthAfter('2025-12-02', 2)).toBe('2026-02-28');
  });

  it('asks the API up to the end of the last month in every zone, even on a month’s last evening', () => {
    expect(monthsQueryEnd(new Date('2025-11-24T09:30:00.000Z'), 1).toISOString()).toBe(
      '2026-01-01T12:00:00.000Z',
    );
    // 23:30 UTC on 30 November is already December in Madrid: its next month is January.
    expect(monthsQueryEnd(new Date('2025-11-30T23:30:00.000Z'), 1).toISOString()).toBe(
      '2026-02-01T12:00:00.000Z',
    );
  });
});
