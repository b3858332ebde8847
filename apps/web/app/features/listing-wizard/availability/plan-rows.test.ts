import { listingAvailabilityRequestSchema, validate } from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import {
  addRange,
  copyDayToAll,
  emptyWeek,
  hasRanges,
  planFormOf,
  planRequest,
  removeRange,
  rowErrors,
  setRangeTime,
  timeOptions,
  type WeekRows,
  withCurrent,
} from './plan-rows.ts';

const RULES = {
  minDurationMinutes: 60,
  maxDurationMinutes: null,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  advanceNoticeMinutes: 0,
  bookingWindowDays: 90,
  slotStepMinutes: 60,
};

const week = (days: Partial<WeekRows>): WeekRows => ({ ...emptyWeek(), ...days });

describe('planFormOf', () => {
  it('shows a stored 00:00 end as 24:00, each range under its day', () => {
    const form = planFormOf(
      {
        type: 'availability-plan/time',
        timezone: 'Atlantic/Canary',
        entries: [
          { dayOfWeek: 'mon', seats: 1, startTime: '09:00', endTime: '14:00' },
          { dayOfWeek: 'mon', seats: 1, startTime: '16:00', endTime: '00:00' },
          { dayOfWeek: 'sat', seats: 1, startTime: '10:00', endTime: '13:00' },
        ],
      },
      'Europe/Madrid',
    );
    expect(form.timezone).toBe('Atlantic/Canary');
    expect(form.days.mon).toEqual([
      { start: '09:00', end: '14:00' },
      { start: '16:00', end: '24:00' },
    ]);
    expect(form.days.sat).toEqual([{ start: '10:00', end: '13:00' }]);
    expect(form.days.tue).toEqual([]);
  });

  it('starts an empty week in the listing’s zone when there is no plan', () => {
    const form = planFormOf(null, 'Europe/Madrid');
    expect(form.timezone).toBe('Europe/Madrid');
    expect(hasRanges(form.days)).toBe(false);
  });
});

describe('timeOptions', () => {
  it('offers hourly starts from 00:00 to 23:00 and ends from 01:00 to 24:00', () => {
    const starts = timeOptions('start', 60);
    const ends = timeOptions('end', 60);
    expect(starts).toHaveLength(24);
    expect([starts[0], starts.at(-1)]).toEqual(['00:00', '23:00']);
    expect(ends).toHaveLength(24);
    expect([ends[0], ends.at(-1)]).toEqual(['01:00', '24:00']);
    expect(ends).not.toContain('00:00');
  });

  it('offers half hours with a 30-minute step', () => {
    const starts = timeOptions('start', 30);
    expect(starts).toHaveLength(48);
    expect(starts.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(timeOptions('end', 30).at(-2)).toBe('23:30');
  });

  it('keeps a saved time the step does not offer', () => {
    expect(withCurrent(timeOptions('start', 60), '09:30').slice(9, 12)).toEqual(['09:00', '09:30', '10:00']);
    expect(withCurrent(timeOptions('end', 60), '24:00')).toEqual(timeOptions('end', 60));
  });
});

describe('row operations', () => {
  it('propose a working day first, then the hour after the latest range', () => {
    let days = addRange(emptyWeek(), 'mon');
    expect(days.mon).toEqual([{ start: '09:00', end: '17:00' }]);
    days = addRange(days, 'mon');
    expect(days.mon[1]).toEqual({ start: '17:00', end: '18:00' });
    days = setRangeTime(days, 'mon', 1, 'end', '24:00');
    days = addRange(days, 'mon');
    // The day is full: the new range is left for the host to choose.
    expect(days.mon[2]).toEqual({ start: '', end: '' });
  });

  it('set one time of one range and remove one range, leaving the others', () => {
    let days = week({
      tue: [
        { start: '08:00', end: '12:00' },
        { start: '15:00', end: '20:00' },
      ],
    });
    days = setRangeTime(days, 'tue', 0, 'start', '07:00');
    expect(days.tue).toEqual([
      { start: '07:00', end: '12:00' },
      { start: '15:00', end: '20:00' },
    ]);
    days = removeRange(days, 'tue', 0);
    expect(days.tue).toEqual([{ start: '15:00', end: '20:00' }]);
    expect(hasRanges(removeRange(days, 'tue', 0))).toBe(false);
  });

  it('copy one day’s ranges to the whole week', () => {
    const days = copyDayToAll(week({ wed: [{ start: '10:00', end: '24:00' }] }), 'wed');
    expect(Object.values(days).every((ranges) => ranges.length === 1 && ranges[0]?.end === '24:00')).toBe(
      true,
    );
  });
});

describe('planRequest', () => {
  it('sends each day’s ranges in time order with 24:00 as the form’s end, one seat each', () => {
    const { plan, rows } = planRequest({
      timezone: 'Europe/Madrid',
      days: week({
        mon: [
          { start: '16:00', end: '24:00' },
          { start: '09:00', end: '14:00' },
        ],
        sun: [{ start: '10:00', end: '12:00' }],
      }),
    });
    expect(plan).toEqual({
      type: 'availability-plan/time',
      timezone: 'Europe/Madrid',
      entries: [
        { dayOfWeek: 'mon', seats: 1, startTime: '09:00', endTime: '14:00' },
        { dayOfWeek: 'mon', seats: 1, startTime: '16:00', endTime: '24:00' },
        { dayOfWeek: 'sun', seats: 1, startTime: '10:00', endTime: '12:00' },
      ],
    });
    expect(rows).toEqual([
      { day: 'mon', index: 1 },
      { day: 'mon', index: 0 },
      { day: 'sun', index: 0 },
    ]);
  });

  it('is stored with 00:00 for a 24:00 end once the API’s schema reads it', () => {
    const { plan } = planRequest({
      timezone: 'Europe/Madrid',
      days: week({ fri: [{ start: '18:00', end: '24:00' }] }),
    });
    const result = validate(listingAvailabilityRequestSchema, { plan, bookingRules: RULES });
    expect(result.ok && result.data.plan.entries).toEqual([
      { dayOfWeek: 'fri', seats: 1, startTime: '18:00', endTime: '00:00' },
    ]);
  });

  it('puts the schema’s overlap error on the editor row that overlaps', () => {
    const values = {
      timezone: 'Europe/Madrid',
      days: week({
        thu: [
          { start: '12:00', end: '18:00' },
          { start: '09:00', end: '13:00' },
        ],
      }),
    };
    const { plan, rows } = planRequest(values);
    const result = validate(listingAvailabilityRequestSchema, { plan, bookingRules: RULES });
    expect(result.ok).toBe(false);
    // Sent in time order, 12:00–18:00 comes second and overlaps 09:00–13:00: it is row 0 of the editor.
    expect(rowErrors(result.ok ? {} : result.errors, rows).rows).toEqual({
      'thu.0': 'validation.availability.overlap',
    });
  });

  it('reports a range without times on its row, and a range ending before it starts', () => {
    const { plan, rows } = planRequest({
      timezone: 'Europe/Madrid',
      days: week({
        mon: [
          { start: '', end: '' },
          { start: '10:00', end: '09:00' },
        ],
      }),
    });
    const result = validate(listingAvailabilityRequestSchema, { plan, bookingRules: RULES });
    expect(rowErrors(result.ok ? {} : result.errors, rows).rows).toEqual({
      'mon.0': 'validation.availability.timeMissing',
      'mon.1': 'validation.availability.endNotAfterStart',
    });
  });
});

describe('rowErrors', () => {
  it('reads the API’s paths, and keeps the rest apart', () => {
    const rows = [
      { day: 'mon' as const, index: 0 },
      { day: 'tue' as const, index: 2 },
    ];
    expect(
      rowErrors(
        {
          'plan.entries.1.endTime': 'validation.availability.endNotAfterStart',
          'plan.timezone': 'validation.timeZone.invalid',
        },
        rows,
      ),
    ).toEqual({
      rows: { 'tue.2': 'validation.availability.endNotAfterStart' },
      other: { timezone: 'validation.timeZone.invalid' },
    });
  });
});
