import { describe, expect, it } from 'vitest';
import type { PlanEntry } from './plan.ts';
import { computeTimeSlots, type TimeSlot } from './slots.ts';
import {
  defaultBookingTimes,
  endDateOptions,
  endTimeOptions,
  sharpHours,
  startTimeOptions,
} from './time-options.ts';

const MADRID = 'Europe/Madrid';
const d = (iso: string) => new Date(iso);
const slotsFor = (entries: PlanEntry[], start: string, end: string): TimeSlot[] =>
  computeTimeSlots({
    plan: { type: 'availability-plan/time', timezone: MADRID, entries },
    start: d(start),
    end: d(end),
  });
const labels = (options: { label: string }[]) => options.map((o) => o.label);

describe('sharpHours', () => {
  it('has 23 on the spring-forward day and 25 on the fall-back day', () => {
    expect(
      sharpHours(Date.parse('2026-03-28T23:00:00Z'), Date.parse('2026-03-29T21:59:59Z'), MADRID),
    ).toHaveLength(23);
    expect(
      sharpHours(Date.parse('2026-10-24T22:00:00Z'), Date.parse('2026-10-25T22:59:59Z'), MADRID),
    ).toHaveLength(25);
  });

  it('starts at the next sharp hour and includes the end', () => {
    expect(
      sharpHours(Date.parse('2026-05-04T05:05:00Z'), Date.parse('2026-05-04T08:00:00Z'), MADRID),
    ).toEqual([
      Date.parse('2026-05-04T06:00:00Z'),
      Date.parse('2026-05-04T07:00:00Z'),
      Date.parse('2026-05-04T08:00:00Z'),
    ]);
  });

  it('finds sharp hours in half-hour zones', () => {
    expect(
      sharpHours(Date.parse('2026-05-04T00:00:00Z'), Date.parse('2026-05-04T01:00:00Z'), 'Asia/Kolkata'),
    ).toEqual([Date.parse('2026-05-04T00:30:00Z')]);
  });
});

describe('start and end options', () => {
  const monday = slotsFor(
    [{ dayOfWeek: 'mon', seats: 1, startTime: '07:05', endTime: '10:00' }],
    '2026-05-04T00:00:00Z',
    '2026-05-05T00:00:00Z',
  );

  it('offers sharp starts with room for an hour, inside the slot', () => {
    expect(labels(startTimeOptions(monday, '2026-05-04', MADRID))).toEqual(['08:00', '09:00']);
    expect(labels(endTimeOptions(monday, d('2026-05-04T06:00:00Z'), MADRID))).toEqual(['09:00', '10:00']);
    expect(startTimeOptions(monday, '2026-05-05', MADRID)).toEqual([]);
    expect(endTimeOptions(monday, d('2026-05-04T12:00:00Z'), MADRID)).toEqual([]);
  });

  it('offers 24:00 as the last end of a day', () => {
    const evening = slotsFor(
      [{ dayOfWeek: 'mon', seats: 1, startTime: '20:00', endTime: '00:00' }],
      '2026-05-04T00:00:00Z',
      '2026-05-05T00:00:00Z',
    );
    expect(labels(startTimeOptions(evening, '2026-05-04', MADRID))).toEqual([
      '20:00',
      '21:00',
      '22:00',
      '23:00',
    ]);
    const ends = endTimeOptions(evening, d('2026-05-04T18:00:00Z'), MADRID);
    expect(labels(ends)).toEqual(['21:00', '22:00', '23:00', '24:00']);
    expect(ends[3]).toEqual({ instant: d('2026-05-04T22:00:00Z'), label: '24:00', date: '2026-05-04' });
  });

  it('keeps ends within one contiguous slot across midnight, per end date', () => {
    const overnight = slotsFor(
      [
        { dayOfWeek: 'mon', seats: 1, startTime: '22:00', endTime: '00:00' },
        { dayOfWeek: 'tue', seats: 1, startTime: '00:00', endTime: '02:00' },
        { dayOfWeek: 'tue', seats: 1, startTime: '08:00', endTime: '10:00' },
      ],
      '2026-05-04T00:00:00Z',
      '2026-05-06T00:00:00Z',
    );
    const start = d('2026-05-04T20:00:00Z'); // 22:00 Monday
    expect(labels(endTimeOptions(overnight, start, MADRID))).toEqual(['23:00', '24:00', '01:00', '02:00']);
    expect(labels(endTimeOptions(overnight, start, MADRID, '2026-05-04'))).toEqual(['23:00', '24:00']);
    expect(labels(endTimeOptions(overnight, start, MADRID, '2026-05-05'))).toEqual(['01:00', '02:00']);
    expect(endDateOptions(overnight, start, MADRID)).toEqual(['2026-05-04', '2026-05-05']);
    // Tuesday's 00:00 start is still offered on Tuesday.
    expect(labels(startTimeOptions(overnight, '2026-05-05', MADRID))).toEqual([
      '00:00',
      '01:00',
      '08:00',
      '09:00',
    ]);
  });

  it('skips 02:00 on the 23-hour day and offers it twice on the 25-hour day', () => {
    const spring = slotsFor(
      [{ dayOfWeek: 'sun', seats: 1, startTime: '00:00', endTime: '05:00' }],
      '2026-03-28T00:00:00Z',
      '2026-03-30T00:00:00Z',
    );
    expect(labels(startTimeOptions(spring, '2026-03-29', MADRID))).toEqual([
      '00:00',
      '01:00',
      '03:00',
      '04:00',
    ]);
    const fall = slotsFor(
      [{ dayOfWeek: 'sun', seats: 1, startTime: '00:00', endTime: '05:00' }],
      '2026-10-24T00:00:00Z',
      '2026-10-26T00:00:00Z',
    );
    const starts = startTimeOptions(fall, '2026-10-25', MADRID);
    expect(labels(starts)).toEqual(['00:00', '01:00', '02:00', '02:00', '03:00', '04:00']);
    expect(starts[2]?.instant).toEqual(d('2026-10-25T00:00:00Z'));
    expect(starts[3]?.instant).toEqual(d('2026-10-25T01:00:00Z'));
  });

  it('picks the first start and the first end after it', () => {
    expect(defaultBookingTimes(monday, '2026-05-04', MADRID)).toEqual({
      start: { instant: d('2026-05-04T06:00:00Z'), label: '08:00', date: '2026-05-04' },
      endDate: '2026-05-04',
      end: { instant: d('2026-05-04T07:00:00Z'), label: '09:00', date: '2026-05-04' },
    });
    expect(defaultBookingTimes(monday, '2026-05-05', MADRID)).toBeNull();
  });
});
