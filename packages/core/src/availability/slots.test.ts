import { describe, expect, it } from 'vitest';
import type { AvailabilityException } from './exceptions.ts';
import type { AvailabilityPlan, PlanEntry } from './plan.ts';
import {
  computeTimeSlots,
  groupTimeSlotsByMonth,
  isRangeAvailable,
  slotContaining,
  type TimeSlot,
  timeSlotsOnDate,
} from './slots.ts';

const MADRID = 'Europe/Madrid';
const d = (iso: string) => new Date(iso);
const plan = (
  entries: PlanEntry[],
  type: AvailabilityPlan['type'] = 'availability-plan/time',
): AvailabilityPlan => ({
  type,
  timezone: MADRID,
  entries,
});
const weekdays = (startTime: string, endTime: string): PlanEntry[] =>
  (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((dayOfWeek) => ({
    dayOfWeek,
    seats: 1,
    startTime,
    endTime,
  }));
const iso = (slots: TimeSlot[]) => slots.map((s) => [s.start.toISOString(), s.end.toISOString(), s.seats]);

// 2026-05-04 is a Monday; Madrid is UTC+2 in May.
const MONDAY = { start: d('2026-05-04T00:00:00Z'), end: d('2026-05-05T00:00:00Z') };

describe('computeTimeSlots', () => {
  it('leaves 07:05–22:00 after a 07:00–07:05 booking on a 07:00–22:00 plan', () => {
    const slots = computeTimeSlots({
      plan: plan([{ dayOfWeek: 'mon', seats: 1, startTime: '07:00', endTime: '22:00' }]),
      bookings: [{ start: d('2026-05-04T05:00:00Z'), end: d('2026-05-04T05:05:00Z'), state: 'accepted' }],
      ...MONDAY,
    });
    expect(iso(slots)).toEqual([['2026-05-04T05:05:00.000Z', '2026-05-04T20:00:00.000Z', 1]]);
    expect(slots[0]?.type).toBe('time-slot/time');
  });

  it.each([
    ['pending', 2],
    ['accepted', 2],
    ['declined', 1],
    ['cancelled', 1],
  ] as const)('a %s booking splits the slot into %i', (state, count) => {
    const slots = computeTimeSlots({
      plan: plan([{ dayOfWeek: 'mon', seats: 1, startTime: '07:00', endTime: '22:00' }]),
      bookings: [{ start: d('2026-05-04T08:00:00Z'), end: d('2026-05-04T10:00:00Z'), state }],
      ...MONDAY,
    });
    expect(slots).toHaveLength(count);
  });

  it('merges touching entries and keeps gaps', () => {
    const slots = computeTimeSlots({
      plan: plan([
        { dayOfWeek: 'mon', seats: 1, startTime: '09:00', endTime: '12:00' },
        { dayOfWeek: 'mon', seats: 1, startTime: '12:00', endTime: '14:00' },
        { dayOfWeek: 'mon', seats: 1, startTime: '16:00', endTime: '00:00' },
      ]),
      ...MONDAY,
    });
    expect(iso(slots)).toEqual([
      ['2026-05-04T07:00:00.000Z', '2026-05-04T12:00:00.000Z', 1],
      ['2026-05-04T14:00:00.000Z', '2026-05-04T22:00:00.000Z', 1],
    ]);
  });

  it('joins an end of 00:00 to the next day starting at 00:00', () => {
    const slots = computeTimeSlots({
      plan: plan([
        { dayOfWeek: 'mon', seats: 1, startTime: '20:00', endTime: '00:00' },
        { dayOfWeek: 'tue', seats: 1, startTime: '00:00', endTime: '02:00' },
      ]),
      start: d('2026-05-04T00:00:00Z'),
      end: d('2026-05-06T00:00:00Z'),
    });
    expect(iso(slots)).toEqual([['2026-05-04T18:00:00.000Z', '2026-05-05T00:00:00.000Z', 1]]);
  });

  it.each([
    ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 23],
    ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 25],
  ])('a whole-day entry on %s lasts its real length', (date, start, end, hours) => {
    const slots = computeTimeSlots({
      plan: plan([{ dayOfWeek: 'sun', seats: 1, startTime: '00:00', endTime: '00:00' }]),
      start: d(`${date}T00:00:00+02:00`),
      end: d(`${date}T23:59:00Z`),
    });
    expect(iso(slots)).toEqual([[start, end, 1]]);
    expect(((slots[0]?.end.getTime() ?? 0) - (slots[0]?.start.getTime() ?? 0)) / 3_600_000).toBe(hours);
  });

  it('maps a 01:00–04:00 entry on the 23-hour day to two real hours', () => {
    const slots = computeTimeSlots({
      plan: plan([{ dayOfWeek: 'sun', seats: 1, startTime: '01:00', endTime: '04:00' }]),
      start: d('2026-03-28T00:00:00Z'),
      end: d('2026-03-30T00:00:00Z'),
    });
    expect(iso(slots)).toEqual([['2026-03-29T00:00:00.000Z', '2026-03-29T02:00:00.000Z', 1]]);
  });

  it('maps a 01:00–04:00 entry on the 25-hour day to four real hours', () => {
    const slots = computeTimeSlots({
      plan: plan([{ dayOfWeek: 'sun', seats: 1, startTime: '01:00', endTime: '04:00' }]),
      start: d('2026-10-24T00:00:00Z'),
      end: d('2026-10-26T00:00:00Z'),
    });
    expect(iso(slots)).toEqual([['2026-10-24T23:00:00.000Z', '2026-10-25T03:00:00.000Z', 1]]);
  });

  it('lets exceptions override the plan both ways', () => {
    const exceptions: AvailabilityException[] = [
      { start: d('2026-05-04T10:00:00Z'), end: d('2026-05-04T12:00:00Z'), seats: 0 },
      { start: d('2026-05-04T21:00:00Z'), end: d('2026-05-04T23:00:00Z'), seats: 1 },
    ];
    const slots = computeTimeSlots({
      plan: plan([{ dayOfWeek: 'mon', seats: 1, startTime: '07:00', endTime: '22:00' }]),
      exceptions,
      ...MONDAY,
    });
    expect(iso(slots)).toEqual([
      ['2026-05-04T05:00:00.000Z', '2026-05-04T10:00:00.000Z', 1],
      ['2026-05-04T12:00:00.000Z', '2026-05-04T20:00:00.000Z', 1],
      ['2026-05-04T21:00:00.000Z', '2026-05-04T23:00:00.000Z', 1],
    ]);
  });

  it('counts overlapping exceptions with their smallest seat number', () => {
    const slots = computeTimeSlots({
      plan: plan([]),
      exceptions: [
        { start: d('2026-05-04T08:00:00Z'), end: d('2026-05-04T12:00:00Z'), seats: 2 },
        { start: d('2026-05-04T10:00:00Z'), end: d('2026-05-04T11:00:00Z'), seats: 0 },
        { start: d('2026-05-04T10:30:00Z'), end: d('2026-05-04T10:30:00Z'), seats: 5 },
      ],
      ...MONDAY,
    });
    expect(iso(slots)).toEqual([
      ['2026-05-04T08:00:00.000Z', '2026-05-04T10:00:00.000Z', 2],
      ['2026-05-04T11:00:00.000Z', '2026-05-04T12:00:00.000Z', 2],
    ]);
  });

  it('reports the fewest free seats across a merged slot', () => {
    const slots = computeTimeSlots({
      plan: plan([{ dayOfWeek: 'mon', seats: 2, startTime: '07:00', endTime: '12:00' }]),
      bookings: [{ start: d('2026-05-04T06:00:00Z'), end: d('2026-05-04T07:00:00Z'), state: 'pending' }],
      ...MONDAY,
    });
    expect(iso(slots)).toEqual([['2026-05-04T05:00:00.000Z', '2026-05-04T10:00:00.000Z', 1]]);
  });

  it('reports the seats free inside the range, not before it', () => {
    const slots = computeTimeSlots({
      plan: plan([{ dayOfWeek: 'mon', seats: 2, startTime: '07:00', endTime: '12:00' }]),
      bookings: [{ start: d('2026-05-04T05:00:00Z'), end: d('2026-05-04T06:00:00Z'), state: 'accepted' }],
      start: d('2026-05-04T06:30:00Z'),
      end: MONDAY.end,
    });
    expect(iso(slots)).toEqual([['2026-05-04T06:30:00.000Z', '2026-05-04T10:00:00.000Z', 2]]);
  });

  it('clips to the requested range and returns nothing for an empty range', () => {
    const input = { plan: plan([{ dayOfWeek: 'mon', seats: 1, startTime: '07:00', endTime: '22:00' }]) };
    expect(
      iso(computeTimeSlots({ ...input, start: d('2026-05-04T10:37:00Z'), end: d('2026-05-04T12:00:00Z') })),
    ).toEqual([['2026-05-04T10:37:00.000Z', '2026-05-04T12:00:00.000Z', 1]]);
    expect(computeTimeSlots({ ...input, start: MONDAY.end, end: MONDAY.start })).toEqual([]);
  });

  it('gives whole local days for a day plan', () => {
    const slots = computeTimeSlots({
      plan: plan([{ dayOfWeek: 'sun', seats: 1 }], 'availability-plan/day'),
      start: d('2026-10-20T00:00:00Z'),
      end: d('2026-10-27T00:00:00Z'),
    });
    expect(iso(slots)).toEqual([['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 1]]);
    expect(slots[0]?.type).toBe('time-slot/day');
  });

  it('ignores plan entries with no seats', () => {
    const slots = computeTimeSlots({
      plan: plan([{ dayOfWeek: 'mon', seats: 0, startTime: '07:00', endTime: '22:00' }]),
      ...MONDAY,
    });
    expect(slots).toEqual([]);
  });
});

describe('slot helpers', () => {
  const slots = computeTimeSlots({
    plan: plan(weekdays('20:00', '00:00')),
    start: d('2026-04-29T00:00:00Z'),
    end: d('2026-05-03T00:00:00Z'),
  });

  it('groups by local month, listing a slot crossing months in both', () => {
    const crossing = computeTimeSlots({
      plan: plan([
        { dayOfWeek: 'thu', seats: 1, startTime: '20:00', endTime: '00:00' },
        { dayOfWeek: 'fri', seats: 1, startTime: '00:00', endTime: '10:00' },
      ]),
      start: d('2026-04-29T00:00:00Z'),
      end: d('2026-05-03T00:00:00Z'),
    });
    const months = groupTimeSlotsByMonth(crossing, MADRID);
    expect(Object.keys(months)).toEqual(['2026-04', '2026-05']);
    expect(months['2026-04']).toEqual(crossing);
    expect(months['2026-05']).toEqual(crossing);
    const byMonth = groupTimeSlotsByMonth(slots, MADRID);
    expect(Object.keys(byMonth)).toEqual(['2026-04', '2026-05']);
    // 2026-04-30 20:00–24:00 ends exactly at May's first midnight: April only.
    expect(byMonth['2026-04']).toHaveLength(2);
    expect(byMonth['2026-05']).toHaveLength(2);
    expect(groupTimeSlotsByMonth([], MADRID)).toEqual({});
  });

  it('finds slots on a date, the slot holding an instant and whether a range fits', () => {
    expect(timeSlotsOnDate(slots, '2026-04-30', MADRID)).toHaveLength(1);
    expect(slotContaining(slots, d('2026-04-30T19:00:00Z'))?.start.toISOString()).toBe(
      '2026-04-30T18:00:00.000Z',
    );
    expect(slotContaining(slots, d('2026-04-30T22:00:00Z'))).toBeNull();
    expect(isRangeAvailable(slots, d('2026-04-30T18:00:00Z'), d('2026-04-30T22:00:00Z'))).toBe(true);
    expect(isRangeAvailable(slots, d('2026-04-30T18:00:00Z'), d('2026-04-30T22:00:01Z'))).toBe(false);
    expect(isRangeAvailable(slots, d('2026-04-30T18:00:00Z'), d('2026-04-30T18:00:00Z'))).toBe(false);
    expect(isRangeAvailable(slots, d('2026-04-30T12:00:00Z'), d('2026-04-30T13:00:00Z'))).toBe(false);
  });
});
