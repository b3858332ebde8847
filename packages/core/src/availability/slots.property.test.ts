import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOfWeek } from '../time/calendar.ts';
import { dateKeyAt, timeOfDayAt } from '../time/zoned.ts';
import type { AvailabilityException } from './exceptions.ts';
import { type AvailabilityPlan, endMinutes, type PlanEntry } from './plan.ts';
import {
  BOOKING_STATES,
  computeTimeSlots,
  SEAT_HOLDING_BOOKING_STATES,
  type SeatBooking,
  type TimeSlot,
} from './slots.ts';

const MADRID = 'Europe/Madrid';
const d = (iso: string) => new Date(iso);
const plan = (entries: PlanEntry[]): AvailabilityPlan => ({
  type: 'availability-plan/time',
  timezone: MADRID,
  entries,
});

describe('time slot properties', () => {
  const QUARTER = 15 * 60_000;
  const ranges = [
    { start: d('2026-03-27T00:00:00Z'), end: d('2026-03-31T00:00:00Z') },
    { start: d('2026-10-23T00:00:00Z'), end: d('2026-10-27T00:00:00Z') },
  ];
  const entryArb = fc
    .tuple(
      fc.constantFrom('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'),
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 1, max: 24 }),
    )
    .map(([dayOfWeek, startHour, length]) => {
      const endHour = Math.min(24, startHour + length);
      return {
        dayOfWeek,
        seats: 1,
        startTime: `${String(startHour).padStart(2, '0')}:00`,
        endTime: endHour === 24 ? '00:00' : `${String(endHour).padStart(2, '0')}:00`,
      } as PlanEntry;
    });
  const intervalArb = (range: { start: Date; end: Date }) =>
    fc.tuple(fc.integer({ min: -8, max: 4 * 96 + 8 }), fc.integer({ min: 1, max: 24 })).map(([q, len]) => ({
      start: new Date(range.start.getTime() + q * QUARTER),
      end: new Date(range.start.getTime() + (q + len) * QUARTER),
    }));
  const scenario = fc.constantFrom(...ranges).chain((range) =>
    fc.record({
      range: fc.constant(range),
      entries: fc.array(entryArb, { maxLength: 8 }),
      bookings: fc.array(
        fc
          .tuple(intervalArb(range), fc.constantFrom(...BOOKING_STATES))
          .map(([i, state]) => ({ ...i, state })),
        { maxLength: 8 },
      ),
      exceptions: fc.array(
        fc.tuple(intervalArb(range), fc.constantFrom(0, 1)).map(([i, seats]) => ({ ...i, seats })),
        { maxLength: 4 },
      ),
    }),
  );

  /** Keeps a plan valid for its day: non-overlapping entries (overlaps would double seats). */
  function validEntries(entries: PlanEntry[]): PlanEntry[] {
    const kept: PlanEntry[] = [];
    for (const entry of entries) {
      const s = Number(entry.startTime?.slice(0, 2));
      const e = endMinutes(entry.endTime ?? '00:00') / 60;
      const clash = kept.some(
        (k) =>
          k.dayOfWeek === entry.dayOfWeek &&
          Number(k.startTime?.slice(0, 2)) < e &&
          s < endMinutes(k.endTime ?? '00:00') / 60,
      );
      if (!clash) kept.push(entry);
    }
    return kept;
  }

  /** Brute force, one quarter hour at a time, straight from the definitions. */
  function freeAt(
    t: number,
    entries: PlanEntry[],
    exceptions: AvailabilityException[],
    bookings: SeatBooking[],
  ) {
    const covering = exceptions.filter((e) => e.start.getTime() <= t && t < e.end.getTime());
    const date = dateKeyAt(t, MADRID);
    const time = timeOfDayAt(t, MADRID);
    const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    const inPlan = entries.some(
      (e) =>
        e.dayOfWeek === dayOfWeek(date) &&
        Number(e.startTime?.slice(0, 2)) * 60 <= minutes &&
        minutes < endMinutes(e.endTime ?? '00:00'),
    );
    const offered = covering.length > 0 ? Math.min(...covering.map((e) => e.seats)) : inPlan ? 1 : 0;
    const booked = bookings.filter(
      (b) => SEAT_HOLDING_BOOKING_STATES.includes(b.state) && b.start.getTime() <= t && t < b.end.getTime(),
    ).length;
    return offered - booked > 0;
  }

  it('equals the quarter-hour brute force, across both daylight-saving changes', () => {
    fc.assert(
      fc.property(scenario, ({ range, entries, bookings, exceptions }) => {
        const valid = validEntries(entries);
        const slots = computeTimeSlots({ plan: plan(valid), exceptions, bookings, ...range });
        const expected: [number, number][] = [];
        for (let t = range.start.getTime(); t < range.end.getTime(); t += QUARTER) {
          if (!freeAt(t, valid, exceptions, bookings)) continue;
          const last = expected[expected.length - 1];
          if (last && last[1] === t) last[1] = t + QUARTER;
          else expected.push([t, t + QUARTER]);
        }
        expect(slots.map((s) => [s.start.getTime(), s.end.getTime()])).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('never overlaps a seat-holding booking and never leaves the plan', () => {
    fc.assert(
      fc.property(scenario, ({ range, entries, bookings, exceptions }) => {
        const valid = validEntries(entries);
        const unavailable = exceptions.map((e) => ({ ...e, seats: 0 }));
        const slots = computeTimeSlots({ plan: plan(valid), exceptions: unavailable, bookings, ...range });
        const planSlots = computeTimeSlots({ plan: plan(valid), ...range });
        for (const slot of slots) {
          for (const b of bookings.filter((x) => SEAT_HOLDING_BOOKING_STATES.includes(x.state))) {
            expect(slot.start < b.end && b.start < slot.end).toBe(false);
          }
          expect(planSlots.some((p) => p.start <= slot.start && slot.end <= p.end)).toBe(true);
          expect(slot.start < slot.end).toBe(true);
        }
        for (let i = 1; i < slots.length; i++) {
          expect((slots[i - 1] as TimeSlot).end < (slots[i] as TimeSlot).start).toBe(true);
        }
      }),
    );
  });
});
