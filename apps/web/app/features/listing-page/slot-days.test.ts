import { addDays, dateKeyAt, startOfDayAt } from '@hora/core/time';
import { describe, expect, it } from 'vitest';
import {
  bookingMonthsShown,
  formatSlotDay,
  groupSlotsByDay,
  lastDayOfMonthAfter,
  monthsQueryEnd,
  SLOT_DAYS_STEP,
  slotDaysShown,
  slotQueryRange,
} from './slot-days.ts';

const MADRID = 'Europe/Madrid';
const slot = (start: string, end: string, seats = 1) => ({ start, end, seats });

describe('groupSlotsByDay', () => {
  it('lists each day of the window with its free ranges in the listing’s time zone', () => {
    const days = groupSlotsByDay(
      [
        // 09:00–13:00 and 15:00–20:00 in Madrid (UTC+1 in November).
        slot('2025-11-24T14:00:00.000Z', '2025-11-24T19:00:00.000Z'),
        slot('2025-11-24T08:00:00.000Z', '2025-11-24T12:00:00.000Z'),
        slot('2025-11-26T09:00:00.000Z', '2025-11-26T10:30:00.000Z'),
      ],
      { from: '2025-11-24', days: 3, timeZone: MADRID },
    );
    expect(days).toEqual([
      {
        date: '2025-11-24',
        ranges: [
          { start: '09:00', end: '13:00' },
          { start: '15:00', end: '20:00' },
        ],
      },
      { date: '2025-11-25', ranges: [] },
      { date: '2025-11-26', ranges: [{ start: '10:00', end: '11:30' }] },
    ]);
  });

  it('splits a slot that runs past midnight between its days, the first ending at 24:00', () => {
    const days = groupSlotsByDay([slot('2025-11-24T19:00:00.000Z', '2025-11-25T02:00:00.000Z')], {
      from: '2025-11-24',
      days: 2,
      timeZone: MADRID,
    });
    expect(days).toEqual([
      { date: '2025-11-24', ranges: [{ start: '20:00', end: '24:00' }] },
      { date: '2025-11-25', ranges: [{ start: '00:00', end: '03:00' }] },
    ]);
  });

  it('keeps a whole day whole on the day clocks go forward (23 hours) and back (25 hours)', () => {
    // 2025-03-30 in Madrid starts at 23:00Z the day before and lasts 23 hours.
    const spring = groupSlotsByDay([slot('2025-03-29T23:00:00.000Z', '2025-03-30T22:00:00.000Z')], {
      from: '2025-03-30',
      days: 1,
      timeZone: MADRID,
    });
    expect(spring).toEqual([{ date: '2025-03-30', ranges: [{ start: '00:00', end: '24:00' }] }]);
    // 2025-10-26 lasts 25 hours: 22:00Z the day before to 23:00Z.
    const autumn = groupSlotsByDay([slot('2025-10-25T22:00:00.000Z', '2025-10-26T23:00:00.000Z')], {
      from: '2025-10-26',
      days: 1,
      timeZone: MADRID,
    });
    expect(autumn).toEqual([{ date: '2025-10-26', ranges: [{ start: '00:00', end: '24:00' }] }]);
  });

  it('leaves out slots outside the days shown and slots without a free seat', () => {
    const days = groupSlotsByDay(
      [
        slot('2025-11-23T08:00:00.000Z', '2025-11-23T12:00:00.000Z'),
        slot('2025-11-24T08:00:00.000Z', '2025-11-24T12:00:00.000Z', 0),
        slot('2025-11-25T08:00:00.000Z', '2025-11-25T12:00:00.000Z'),
      ],
      { from: '2025-11-24', days: 1, timeZone: MADRID },
    );
    expect(days).toEqual([{ date: '2025-11-24', ranges: [] }]);
  });
});

describe('slotDaysShown', () => {
  it.each([
    [null, 90, SLOT_DAYS_STEP],
    ['7', 90, 7],
    ['14', 90, 14],
    ['10', 90, 14],
    ['0', 90, 7],
    ['-14', 90, 7],
    ['catorce', 90, 7],
    ['1000', 90, 90],
    ['14', 10, 10],
  ])('days=%j with a %i-day booking window shows %i days', (requested, window, expected) => {
    expect(slotDaysShown(requested, window)).toBe(expected);
  });
});

describe('slotQueryRange', () => {
  it.each([
    ['Madrid', MADRID],
    ['Auckland', 'Pacific/Auckland'],
    ['Honolulu', 'Pacific/Honolulu'],
    ['Kiritimati (UTC+14)', 'Pacific/Kiritimati'],
  ])('covers the shown days of a listing in %s, whatever its local date', (_name, zone) => {
    for (const now of ['2025-11-24T17:30:00.000Z', '2025-11-24T23:30:00.000Z', '2026-03-28T23:59:00.000Z']) {
      const instant = new Date(now);
      for (const days of [1, 7, 90]) {
        const range = slotQueryRange(instant, days);
        const lastDayEnd = startOfDayAt(addDays(dateKeyAt(instant.getTime(), zone), days), zone);
        expect(range.start).toBe(now);
        expect(Date.parse(range.end)).toBeGreaterThanOrEqual(lastDayEnd);
      }
    }
  });

  it('stays within the API’s 100-day range for the longest booking window', () => {
    const range = slotQueryRange(new Date('2025-11-24T17:30:00.000Z'), 90);
    expect(Date.parse(range.end) - Date.parse(range.start)).toBeLessThan(100 * 86_400_000);
  });
});

describe('formatSlotDay', () => {
  it('names the day in the visitor’s language, whatever the server’s time zone', () => {
    expect(formatSlotDay('2025-11-24', 'es')).toBe('Lun, 24 nov');
    expect(formatSlotDay('2025-11-24', 'en')).toBe('Mon, Nov 24');
  });
});

describe('the booking form’s months', () => {
  it('loads the current and next month at first, one more each time, at most four ahead', () => {
    expect(bookingMonthsShown(null)).toBe(1);
    expect(bookingMonthsShown('x')).toBe(1);
    expect(bookingMonthsShown('0')).toBe(1);
    expect(bookingMonthsShown('2')).toBe(2);
    expect(bookingMonthsShown('40')).toBe(4);
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
