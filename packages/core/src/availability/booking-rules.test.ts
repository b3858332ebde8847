import { describe, expect, it } from 'vitest';
import { type BookingRules, DEFAULT_BOOKING_RULES } from '../listing/views.ts';
import { bookableSlots, ceilToStep, floorToStep, heldRange, isBookableRange } from './booking-rules.ts';
import type { AvailabilityPlan, PlanEntry } from './plan.ts';
import { computeTimeSlots, type TimeSlot } from './slots.ts';

const MADRID = 'Europe/Madrid';
const d = (iso: string) => new Date(iso);
const plan = (entries: PlanEntry[], timezone = MADRID): AvailabilityPlan => ({
  type: 'availability-plan/time',
  timezone,
  entries,
});
const everyDay = (startTime: string, endTime: string): PlanEntry[] =>
  (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((dayOfWeek) => ({
    dayOfWeek,
    seats: 1,
    startTime,
    endTime,
  }));
const iso = (slots: TimeSlot[]) => slots.map((s) => [s.start.toISOString(), s.end.toISOString()]);
const rules = (overrides: Partial<BookingRules>): BookingRules => ({
  ...DEFAULT_BOOKING_RULES,
  ...overrides,
});

// 2026-05-04 is a Monday; Madrid is UTC+2 in May.
const MONDAY = { start: d('2026-05-04T00:00:00Z'), end: d('2026-05-05T00:00:00Z') };
const EARLY_MONDAY = d('2026-05-04T00:00:00Z');
const NINE_TO_SIX = plan(everyDay('09:00', '18:00'));

describe('bookableSlots', () => {
  it('with the default rules gives the free time of the plan', () => {
    const input = { plan: NINE_TO_SIX, now: EARLY_MONDAY, ...MONDAY };
    expect(iso(bookableSlots(input))).toEqual(iso(computeTimeSlots(input)));
    expect(iso(bookableSlots(input))).toEqual([['2026-05-04T07:00:00.000Z', '2026-05-04T16:00:00.000Z']]);
  });

  it.each([
    [
      60,
      [
        ['2026-05-04T07:00:00.000Z', '2026-05-04T08:00:00.000Z'],
        ['2026-05-04T09:00:00.000Z', '2026-05-04T12:00:00.000Z'],
      ],
    ],
    [120, [['2026-05-04T09:00:00.000Z', '2026-05-04T12:00:00.000Z']]],
    [240, []],
  ])('with a minimum of %i minutes leaves out shorter stretches', (minDurationMinutes, expected) => {
    const slots = bookableSlots({
      plan: plan([
        { dayOfWeek: 'mon', seats: 1, startTime: '09:00', endTime: '10:00' },
        { dayOfWeek: 'mon', seats: 1, startTime: '11:00', endTime: '14:00' },
      ]),
      rules: rules({ minDurationMinutes }),
      now: EARLY_MONDAY,
      ...MONDAY,
    });
    expect(iso(slots)).toEqual(expected);
  });

  it.each([
    // A 10:15–11:00 booking with 15 minutes before and 30 after holds 10:00–11:30 local.
    [
      30,
      30,
      [
        ['2026-05-04T07:00:00.000Z', '2026-05-04T07:30:00.000Z'],
        ['2026-05-04T10:00:00.000Z', '2026-05-04T16:00:00.000Z'],
      ],
    ],
    [60, 30, [['2026-05-04T10:00:00.000Z', '2026-05-04T16:00:00.000Z']]],
    [60, 60, [['2026-05-04T10:00:00.000Z', '2026-05-04T16:00:00.000Z']]],
  ] as const)(
    'keeps both bookings buffers apart (minimum %i, step %i)',
    (minDurationMinutes, slotStepMinutes, expected) => {
      const bookingRules = rules({
        minDurationMinutes,
        slotStepMinutes,
        bufferBeforeMinutes: 15,
        bufferAfterMinutes: 30,
      });
      const held = heldRange(
        { start: d('2026-05-04T08:15:00Z'), end: d('2026-05-04T09:00:00Z') },
        bookingRules,
      );
      expect(held).toEqual({ start: d('2026-05-04T08:00:00Z'), end: d('2026-05-04T09:30:00Z') });
      const slots = bookableSlots({
        plan: NINE_TO_SIX,
        bookings: [{ ...held, state: 'accepted' }],
        rules: bookingRules,
        now: EARLY_MONDAY,
        ...MONDAY,
      });
      // Free for a new booking: up to 09:30 (its 30 minutes after end at 10:00, where the
      // held range starts) and from 11:45 (its 15 minutes before start at 11:30).
      expect(iso(slots)).toEqual(expected);
    },
  );

  it('ignores bookings that hold no seats', () => {
    const slots = bookableSlots({
      plan: NINE_TO_SIX,
      bookings: [{ start: d('2026-05-04T08:00:00Z'), end: d('2026-05-04T09:00:00Z'), state: 'declined' }],
      rules: rules({ bufferAfterMinutes: 60 }),
      now: EARLY_MONDAY,
      ...MONDAY,
    });
    expect(iso(slots)).toEqual([['2026-05-04T07:00:00.000Z', '2026-05-04T16:00:00.000Z']]);
  });

  it.each([
    [0, '2026-05-04T07:00:00.000Z'],
    // 08:10 local + 1 h = 09:10, the next start on the hour grid is 10:00 local.
    [60, '2026-05-04T08:00:00.000Z'],
    // 08:10 local + 2 h = 10:10, the next start on the hour grid is 11:00 local.
    [120, '2026-05-04T09:00:00.000Z'],
    [24 * 60, null],
  ])('with %i minutes of notice at 08:10 the first start is %s', (advanceNoticeMinutes, first) => {
    const slots = bookableSlots({
      plan: NINE_TO_SIX,
      rules: rules({ advanceNoticeMinutes }),
      now: d('2026-05-04T06:10:00Z'),
      ...MONDAY,
    });
    expect(slots[0]?.start.toISOString() ?? null).toBe(first);
  });

  it('opens bookings only inside the window, counted in local days', () => {
    const slots = bookableSlots({
      plan: NINE_TO_SIX,
      rules: rules({ bookingWindowDays: 2 }),
      now: d('2026-05-04T10:00:00Z'),
      start: d('2026-05-04T10:00:00Z'),
      end: d('2026-05-10T00:00:00Z'),
    });
    expect(iso(slots)).toEqual([
      ['2026-05-04T10:00:00.000Z', '2026-05-04T16:00:00.000Z'],
      ['2026-05-05T07:00:00.000Z', '2026-05-05T16:00:00.000Z'],
    ]);
  });

  it.each([
    [60, [['2026-05-04T08:00:00.000Z', '2026-05-04T10:00:00.000Z']]],
    [30, [['2026-05-04T07:30:00.000Z', '2026-05-04T10:30:00.000Z']]],
  ] as const)('puts starts and ends on the %i-minute grid', (slotStepMinutes, expected) => {
    const slots = bookableSlots({
      plan: plan([]),
      exceptions: [{ start: d('2026-05-04T07:20:00Z'), end: d('2026-05-04T10:45:00Z'), seats: 1 }],
      rules: rules({ slotStepMinutes }),
      now: EARLY_MONDAY,
      ...MONDAY,
    });
    expect(iso(slots)).toEqual(expected);
  });

  it('uses the grid of local time in a half-hour zone', () => {
    // Kolkata is UTC+5:30: 10:00 local is 04:30Z, a booking held until 10:40 moves the start to 11:00.
    const slots = bookableSlots({
      plan: plan([{ dayOfWeek: 'mon', seats: 1, startTime: '10:00', endTime: '13:00' }], 'Asia/Kolkata'),
      bookings: [{ start: d('2026-05-04T04:30:00Z'), end: d('2026-05-04T05:10:00Z'), state: 'pending' }],
      now: d('2026-05-03T00:00:00Z'),
      start: d('2026-05-03T18:30:00Z'),
      end: d('2026-05-04T18:30:00Z'),
    });
    expect(iso(slots)).toEqual([['2026-05-04T05:30:00.000Z', '2026-05-04T07:30:00.000Z']]);
  });

  describe('on the DST days of Europe/Madrid', () => {
    const allDay = plan(everyDay('00:00', '00:00'));
    it('the spring day has 23 bookable hours and no 02:00 start', () => {
      const day = { start: d('2026-03-28T23:00:00Z'), end: d('2026-03-29T22:00:00Z') };
      const slots = bookableSlots({ plan: allDay, now: d('2026-03-20T00:00:00Z'), ...day });
      expect(iso(slots)).toEqual([['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']]);

      // At 01:40 local the next hour on the clock is 03:00 CEST (01:00Z).
      const later = bookableSlots({ plan: allDay, now: d('2026-03-29T00:40:00Z'), ...day });
      expect(later[0]?.start.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    });

    it('the spring day splits around a booking held 01:00–04:00 local', () => {
      const slots = bookableSlots({
        plan: allDay,
        bookings: [{ start: d('2026-03-29T00:00:00Z'), end: d('2026-03-29T02:00:00Z'), state: 'accepted' }],
        rules: rules({ minDurationMinutes: 120 }),
        now: d('2026-03-20T00:00:00Z'),
        start: d('2026-03-28T23:00:00Z'),
        end: d('2026-03-29T22:00:00Z'),
      });
      // 00:00–01:00 local is one hour, under the minimum of two.
      expect(iso(slots)).toEqual([['2026-03-29T02:00:00.000Z', '2026-03-29T22:00:00.000Z']]);
    });

    it('the autumn day has 25 bookable hours and starts at the repeated 02:00', () => {
      const day = { start: d('2026-10-24T22:00:00Z'), end: d('2026-10-25T23:00:00Z') };
      const slots = bookableSlots({ plan: allDay, now: d('2026-10-20T00:00:00Z'), ...day });
      expect(iso(slots)).toEqual([['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']]);

      const later = bookableSlots({
        plan: allDay,
        rules: rules({ slotStepMinutes: 30 }),
        now: d('2026-10-25T00:40:00Z'),
        ...day,
      });
      expect(later[0]?.start.toISOString()).toBe('2026-10-25T01:00:00.000Z');
    });
  });
});

describe('step grid', () => {
  it.each([
    ['2026-05-04T07:20:00Z', 60, MADRID, '2026-05-04T08:00:00.000Z', '2026-05-04T07:00:00.000Z'],
    ['2026-05-04T07:20:00Z', 30, MADRID, '2026-05-04T07:30:00.000Z', '2026-05-04T07:00:00.000Z'],
    ['2026-05-04T07:00:00Z', 60, MADRID, '2026-05-04T07:00:00.000Z', '2026-05-04T07:00:00.000Z'],
    ['2026-05-04T04:40:00Z', 60, 'Asia/Kolkata', '2026-05-04T05:30:00.000Z', '2026-05-04T04:30:00.000Z'],
  ])('%s on the %i-minute grid of %s is between %s and %s', (instant, step, zone, up, down) => {
    expect(new Date(ceilToStep(Date.parse(instant), step, zone)).toISOString()).toBe(up);
    expect(new Date(floorToStep(Date.parse(instant), step, zone)).toISOString()).toBe(down);
  });
});

describe('isBookableRange', () => {
  const bookingRules = rules({ minDurationMinutes: 60, maxDurationMinutes: 180, slotStepMinutes: 30 });
  const slots = bookableSlots({ plan: NINE_TO_SIX, rules: bookingRules, now: EARLY_MONDAY, ...MONDAY });
  it.each([
    ['2026-05-04T07:00:00Z', '2026-05-04T08:00:00Z', true],
    ['2026-05-04T07:30:00Z', '2026-05-04T10:30:00Z', true],
    ['2026-05-04T07:00:00Z', '2026-05-04T07:30:00Z', false], // under the minimum
    ['2026-05-04T07:00:00Z', '2026-05-04T10:30:00Z', false], // over the maximum
    ['2026-05-04T07:10:00Z', '2026-05-04T08:10:00Z', false], // off the grid
    ['2026-05-04T15:30:00Z', '2026-05-04T16:30:00Z', false], // past closing time
    ['2026-05-04T06:00:00Z', '2026-05-04T07:00:00Z', false], // before opening
  ])('%s – %s: %s', (start, end, expected) => {
    expect(isBookableRange(slots, d(start), d(end), bookingRules, MADRID)).toBe(expected);
  });
});
