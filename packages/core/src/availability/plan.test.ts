import { describe, expect, it } from 'vitest';
import {
  endMinutes,
  endTimeFromForm,
  endTimeToForm,
  entriesByDay,
  type PlanEntry,
  planEntryFromForm,
  planEntryIssues,
  planEntryToForm,
  WEEKDAYS,
} from './plan.ts';

const entry = (
  dayOfWeek: PlanEntry['dayOfWeek'],
  startTime?: string,
  endTime?: string,
  seats = 1,
): PlanEntry => ({
  dayOfWeek,
  seats,
  ...(startTime === undefined ? {} : { startTime }),
  ...(endTime === undefined ? {} : { endTime }),
});

describe('24:00 rule', () => {
  it.each([
    ['00:00', '24:00'],
    ['22:00', '22:00'],
  ])('stored end %s is shown as %s and converted back', (stored, shown) => {
    expect(endTimeToForm(stored)).toBe(shown);
    expect(endTimeFromForm(shown)).toBe(stored);
  });

  it('converts whole entries and leaves day entries alone', () => {
    expect(planEntryToForm(entry('mon', '20:00', '00:00'))).toEqual(entry('mon', '20:00', '24:00'));
    expect(planEntryFromForm(entry('mon', '20:00', '24:00'))).toEqual(entry('mon', '20:00', '00:00'));
    expect(planEntryToForm(entry('mon'))).toEqual(entry('mon'));
    expect(planEntryFromForm(entry('mon'))).toEqual(entry('mon'));
    expect(endMinutes('00:00')).toBe(1440);
    expect(endMinutes('24:00')).toBe(1440);
    expect(endMinutes('07:30')).toBe(450);
  });
});

describe('planEntryIssues', () => {
  it('accepts ordered, touching and 24:00-ending entries', () => {
    expect(
      planEntryIssues('availability-plan/time', [
        entry('mon', '07:00', '12:00'),
        entry('mon', '12:00', '14:00'),
        entry('mon', '20:00', '00:00'),
        entry('tue', '00:00', '24:00'),
      ]),
    ).toEqual([]);
  });

  it.each([
    [[entry('mon', '09:00')], 'missing-time'],
    [[entry('mon', '24:00', '00:00')], 'invalid-time'],
    [[entry('mon', '9:00', '10:00')], 'invalid-time'],
    [[entry('mon', '10:00', '10:00')], 'end-not-after-start'],
    [[entry('mon', '12:00', '09:00')], 'end-not-after-start'],
    [[entry('mon', '07:00', '09:00', 2)], 'seats'],
  ])('flags %j as %s', (entries, issue) => {
    expect(planEntryIssues('availability-plan/time', entries)).toEqual([{ index: 0, issue }]);
  });

  it.each([
    [[entry('mon', '09:00', '12:00'), entry('mon', '11:00', '13:00')], 'overlap'],
    [[entry('mon', '12:00', '14:00'), entry('mon', '09:00', '10:00')], 'unordered'],
  ])('flags the second entry of %j as %s', (entries, issue) => {
    expect(planEntryIssues('availability-plan/time', entries)).toEqual([{ index: 1, issue }]);
  });

  it('keeps days apart and accepts a custom seat count', () => {
    expect(
      planEntryIssues(
        'availability-plan/time',
        [entry('mon', '09:00', '12:00', 3), entry('tue', '09:00', '12:00', 3)],
        3,
      ),
    ).toEqual([]);
  });

  it('allows one entry per day in a day plan', () => {
    expect(planEntryIssues('availability-plan/day', [entry('mon'), entry('tue')])).toEqual([]);
    expect(planEntryIssues('availability-plan/day', [entry('mon'), entry('mon')])).toEqual([
      { index: 1, issue: 'overlap' },
    ]);
  });

  it('groups entries by day sorted by start', () => {
    const byDay = entriesByDay({
      type: 'availability-plan/time',
      timezone: 'Europe/Madrid',
      entries: [
        entry('mon', '12:00', '14:00'),
        entry('mon', '07:00', '09:00'),
        entry('fri', '07:00', '09:00'),
      ],
    });
    expect(byDay.get('mon')?.map((e) => e.startTime)).toEqual(['07:00', '12:00']);
    expect(byDay.get('sun')).toBeUndefined();
    expect(WEEKDAYS).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
  });
});
