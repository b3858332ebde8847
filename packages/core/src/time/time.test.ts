import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareDateKeys,
  dateKeyFromUtcMs,
  dayOfWeek,
  daysBetween,
  isDateKey,
  isTimeOfDay,
  minutesOfTime,
  monthKeyOf,
  timeFromMinutes,
} from './calendar.ts';
import {
  dateKeyAt,
  hoursInDay,
  isValidTimeZone,
  offsetAt,
  startOfDayAt,
  timeOfDayAt,
  zonedParts,
  zonedTimeToInstant,
} from './zoned.ts';

const MADRID = 'Europe/Madrid';
const at = (iso: string) => Date.parse(iso);

describe('calendar', () => {
  it.each([
    ['2026-03-29', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-3-29', false],
    [20260329, false],
  ])('isDateKey(%j) is %s', (value, expected) => {
    expect(isDateKey(value)).toBe(expected);
  });

  it.each([
    ['00:00', true],
    ['23:59', true],
    ['24:00', true],
    ['24:30', false],
    ['25:00', false],
    ['9:00', false],
    [900, false],
  ])('isTimeOfDay(%j) is %s', (value, expected) => {
    expect(isTimeOfDay(value)).toBe(expected);
  });

  it('converts times and dates', () => {
    expect(minutesOfTime('07:05')).toBe(425);
    expect(minutesOfTime('24:00')).toBe(1440);
    expect(() => minutesOfTime('7:05')).toThrow('Not a time of day: 7:05');
    expect(timeFromMinutes(425)).toBe('07:05');
    expect(timeFromMinutes(1440)).toBe('24:00');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
    expect(dayOfWeek('2026-03-29')).toBe('sun');
    expect(dayOfWeek('2026-03-30')).toBe('mon');
    expect(monthKeyOf('2026-03-29')).toBe('2026-03');
    expect(compareDateKeys('2026-03-29', '2026-03-30')).toBe(-1);
    expect(compareDateKeys('2026-03-29', '2026-03-29')).toBe(0);
    expect(compareDateKeys('2026-03-30', '2026-03-29')).toBe(1);
    expect(dateKeyFromUtcMs(at('2026-03-29T23:59:59Z'))).toBe('2026-03-29');
    expect(() => addDays('2026-02-30', 1)).toThrow('Not a calendar date: 2026-02-30');
  });
});

describe('zoned time in Europe/Madrid', () => {
  it('knows valid zones', () => {
    expect(isValidTimeZone(MADRID)).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(1)).toBe(false);
  });

  it.each([
    ['2026-01-15T12:00:00Z', 3_600_000],
    ['2026-07-15T12:00:00Z', 7_200_000],
    ['2026-03-29T00:59:59Z', 3_600_000],
    ['2026-03-29T01:00:00Z', 7_200_000],
    ['2026-10-25T00:59:59Z', 7_200_000],
    ['2026-10-25T01:00:00Z', 3_600_000],
  ])('offset at %s is %i ms', (iso, offset) => {
    expect(offsetAt(at(iso), MADRID)).toBe(offset);
  });

  it.each([
    ['2026-03-29', '00:00', '2026-03-28T23:00:00.000Z'],
    ['2026-03-29', '01:59', '2026-03-29T00:59:00.000Z'],
    ['2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'], // skipped: moves forward to 03:30 CEST
    ['2026-03-29', '03:00', '2026-03-29T01:00:00.000Z'],
    ['2026-03-29', '24:00', '2026-03-29T22:00:00.000Z'],
    ['2026-10-25', '00:00', '2026-10-24T22:00:00.000Z'],
    ['2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'], // repeated: the earlier (CEST) one
    ['2026-10-25', '03:00', '2026-10-25T02:00:00.000Z'],
    ['2026-10-25', '24:00', '2026-10-25T23:00:00.000Z'],
    ['2026-07-01', '07:00', '2026-07-01T05:00:00.000Z'],
  ])('%s %s Madrid is %s', (date, time, iso) => {
    expect(new Date(zonedTimeToInstant(date, time, MADRID)).toISOString()).toBe(iso);
  });

  it.each([
    ['2026-03-28', 24],
    ['2026-03-29', 23],
    ['2026-10-25', 25],
    ['2026-10-26', 24],
  ])('%s has %i hours', (date, hours) => {
    expect(hoursInDay(date, MADRID)).toBe(hours);
  });

  it('reads local dates and times of instants', () => {
    expect(dateKeyAt(at('2026-03-28T23:30:00Z'), MADRID)).toBe('2026-03-29');
    expect(timeOfDayAt(at('2026-03-28T23:30:00Z'), MADRID)).toBe('00:30');
    expect(timeOfDayAt(at('2026-10-25T01:30:00Z'), MADRID)).toBe('02:30');
    expect(startOfDayAt('2026-10-25', MADRID)).toBe(at('2026-10-24T22:00:00Z'));
    expect(zonedParts(at('2026-10-25T00:30:00Z'), MADRID)).toEqual({
      year: 2026,
      month: 10,
      day: 25,
      hour: 2,
      minute: 30,
      second: 0,
    });
  });

  it('handles zones with half-hour offsets', () => {
    expect(new Date(zonedTimeToInstant('2026-03-29', '09:00', 'Asia/Kolkata')).toISOString()).toBe(
      '2026-03-29T03:30:00.000Z',
    );
    expect(timeOfDayAt(at('2026-03-29T03:30:00Z'), 'Asia/Kolkata')).toBe('09:00');
  });
});
