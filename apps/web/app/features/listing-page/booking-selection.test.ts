import { describe, expect, it } from 'vitest';
import {
  type BookingCalendar,
  chosenBooking,
  EMPTY_SELECTION,
  endDates,
  endOptions,
  pickEndDate,
  pickEndTime,
  pickStartDate,
  pickStartTime,
  selectableDays,
  startOptions,
  timeSlotsOf,
} from './booking-selection.ts';

// Madrid is UTC+1 in November: 11:00 local is 10:00Z.
const CALENDAR: BookingCalendar = {
  slots: timeSlotsOf([
    { start: '2025-11-24T10:00:00.000Z', end: '2025-11-24T13:00:00.000Z', seats: 1 },
    // One contiguous slot over two days (open through the night).
    { start: '2025-11-25T08:00:00.000Z', end: '2025-11-26T11:00:00.000Z', seats: 1 },
    { start: '2025-11-28T09:00:00.000Z', end: '2025-11-28T11:00:00.000Z', seats: 1 },
    { start: '2025-11-29T09:00:00.000Z', end: '2025-11-29T11:00:00.000Z', seats: 0 },
  ]),
  timeZone: 'Europe/Madrid',
  firstDay: '2025-11-24',
  lastDay: '2025-11-30',
};

const labels = (options: { label: string }[]) => options.map((o) => o.label);

describe('the booking form rules (spec part 2 §5.5)', () => {
  it('offers today to the last loaded day, blocking days without free time', () => {
    expect(selectableDays(CALENDAR)).toEqual([
      { date: '2025-11-24', blocked: false },
      { date: '2025-11-25', blocked: false },
      { date: '2025-11-26', blocked: false },
      { date: '2025-11-27', blocked: true },
      { date: '2025-11-28', blocked: false },
      { date: '2025-11-29', blocked: true },
      { date: '2025-11-30', blocked: true },
    ]);
  });

  it('picks the first start time, an end date and the first end time when a start date is chosen', () => {
    const picked = pickStartDate(CALENDAR, EMPTY_SELECTION, '2025-11-24');
    expect(picked).toEqual({
      startDate: '2025-11-24',
      start: '2025-11-24T10:00:00.000Z',
      endDate: '2025-11-24',
      end: '2025-11-24T11:00:00.000Z',
    });
    expect(labels(startOptions(CALENDAR, picked))).toEqual(['11:00', '12:00', '13:00']);
    expect(labels(endOptions(CALENDAR, picked))).toEqual(['12:00', '13:00', '14:00']);
  });

  it('clears everything when the start date is cleared, and refuses a blocked day', () => {
    const picked = pickStartDate(CALENDAR, EMPTY_SELECTION, '2025-11-24');
    expect(pickStartDate(CALENDAR, picked, null)).toEqual(EMPTY_SELECTION);
    expect(pickStartDate(CALENDAR, picked, '2025-11-27')).toEqual(EMPTY_SELECTION);
    expect(pickStartTime(CALENDAR, picked, null)).toEqual({
      startDate: '2025-11-24',
      start: null,
      endDate: null,
      end: null,
    });
  });

  it('offers no end until a start time is chosen', () => {
    const dateOnly = { ...EMPTY_SELECTION, startDate: '2025-11-24' };
    expect(endDates(CALENDAR, dateOnly)).toEqual([]);
    expect(endOptions(CALENDAR, dateOnly)).toEqual([]);
  });

  it('keeps the start and the end in the same contiguous slot', () => {
    const today = pickStartDate(CALENDAR, EMPTY_SELECTION, '2025-11-24');
    expect(endDates(CALENDAR, today)).toEqual(['2025-11-24']);
    expect(pickEndDate(CALENDAR, today, '2025-11-25')).toMatchObject({ endDate: null, end: null });
    expect(pickEndTime(CALENDAR, today, '2025-11-25T09:00:00.000Z').end).toBeNull();

    const overnight = pickStartDate(CALENDAR, EMPTY_SELECTION, '2025-11-25');
    expect(endDates(CALENDAR, overnight)).toEqual(['2025-11-25', '2025-11-26']);
    const nextDay = pickEndDate(CALENDAR, overnight, '2025-11-26');
    expect(nextDay).toMatchObject({ endDate: '2025-11-26', end: '2025-11-26T00:00:00.000Z' });
    expect(labels(endOptions(CALENDAR, nextDay))).toEqual([
      '01:00',
      '02:00',
      '03:00',
      '04:00',
      '05:00',
      '06:00',
      '07:00',
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
    ]);
  });

  it('moves the end on when a later start time no longer fits it, and keeps it when it does', () => {
    const picked = pickStartDate(CALENDAR, EMPTY_SELECTION, '2025-11-24');
    const later = pickStartTime(CALENDAR, picked, '2025-11-24T11:00:00.000Z');
    expect(later).toMatchObject({ start: '2025-11-24T11:00:00.000Z', end: '2025-11-24T12:00:00.000Z' });
    const longer = pickEndTime(CALENDAR, later, '2025-11-24T13:00:00.000Z');
    expect(pickStartTime(CALENDAR, longer, '2025-11-24T10:00:00.000Z').end).toBe('2025-11-24T13:00:00.000Z');
  });

  it('keeps a fitting end when the start date changes, and resets it when the start moves back over a blocked day', () => {
    const overnight = pickEndDate(
      CALENDAR,
      pickStartDate(CALENDAR, EMPTY_SELECTION, '2025-11-26'),
      '2025-11-26',
    );
    const late = pickEndTime(CALENDAR, overnight, '2025-11-26T11:00:00.000Z');
    expect(pickStartDate(CALENDAR, late, '2025-11-25')).toEqual({
      startDate: '2025-11-25',
      start: '2025-11-25T08:00:00.000Z',
      endDate: '2025-11-26',
      end: '2025-11-26T11:00:00.000Z',
    });

    const friday = pickStartDate(CALENDAR, EMPTY_SELECTION, '2025-11-28');
    const fridayLong = pickEndTime(CALENDAR, friday, '2025-11-28T11:00:00.000Z');
    expect(pickStartDate(CALENDAR, fridayLong, '2025-11-25')).toEqual({
      startDate: '2025-11-25',
      start: '2025-11-25T08:00:00.000Z',
      endDate: '2025-11-25',
      end: '2025-11-25T09:00:00.000Z',
    });
  });

  it('asks for a price only when both times are set and differ', () => {
    expect(chosenBooking(EMPTY_SELECTION)).toBeNull();
    const picked = pickStartDate(CALENDAR, EMPTY_SELECTION, '2025-11-24');
    expect(chosenBooking(picked)).toEqual({
      start: '2025-11-24T10:00:00.000Z',
      end: '2025-11-24T11:00:00.000Z',
    });
    expect(chosenBooking({ ...picked, end: picked.start })).toBeNull();
  });
});
