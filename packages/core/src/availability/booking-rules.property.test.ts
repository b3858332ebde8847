import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIME_MS } from '../config/constants.ts';
import type { BookingRules } from '../listing/views.ts';
import { bookableWindow } from './bookable-window.ts';
import { bookableSlots, ceilToStep, heldRange } from './booking-rules.ts';
import type { AvailabilityPlan, PlanEntry } from './plan.ts';
import { computeTimeSlots, SEAT_HOLDING_BOOKING_STATES } from './slots.ts';

const MADRID = 'Europe/Madrid';
const QUARTER = 15 * TIME_MS.minute;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

// Four days around each daylight-saving change of 2026.
const ranges = [
  { start: new Date('2026-03-27T00:00:00Z'), end: new Date('2026-03-31T00:00:00Z') },
  { start: new Date('2026-10-23T00:00:00Z'), end: new Date('2026-10-27T00:00:00Z') },
];

const rulesArb: fc.Arbitrary<BookingRules> = fc
  .record({
    step: fc.constantFrom(30 as const, 60 as const),
    minSteps: fc.integer({ min: 1, max: 6 }),
    maxSteps: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
    bufferBeforeMinutes: fc.constantFrom(0, 10, 15, 30, 60),
    bufferAfterMinutes: fc.constantFrom(0, 5, 15, 45),
    advanceNoticeMinutes: fc.constantFrom(0, 30, 90, 24 * 60),
    bookingWindowDays: fc.integer({ min: 1, max: 90 }),
  })
  .map((r) => ({
    minDurationMinutes: r.minSteps * r.step,
    maxDurationMinutes: r.maxSteps === null ? null : (r.minSteps + r.maxSteps) * r.step,
    bufferBeforeMinutes: r.bufferBeforeMinutes,
    bufferAfterMinutes: r.bufferAfterMinutes,
    advanceNoticeMinutes: r.advanceNoticeMinutes,
    bookingWindowDays: r.bookingWindowDays,
    slotStepMinutes: r.step,
  }));

const scenario = fc.constantFrom(...ranges).chain((range) =>
  fc.record({
    range: fc.constant(range),
    rules: rulesArb,
    nowQuarter: fc.integer({ min: -96, max: 2 * 96 }),
    entries: fc.uniqueArray(
      fc.tuple(fc.constantFrom(...DAYS), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 24 })),
      { maxLength: 7, selector: ([day]) => day },
    ),
    bookings: fc.array(
      fc.tuple(
        fc.integer({ min: -8, max: 4 * 96 }),
        fc.integer({ min: 1, max: 16 }),
        fc.constantFrom('pending', 'accepted', 'declined', 'cancelled') as fc.Arbitrary<
          'pending' | 'accepted' | 'declined' | 'cancelled'
        >,
      ),
      { maxLength: 6 },
    ),
  }),
);

const planOf = (entries: [string, number, number][]): AvailabilityPlan => ({
  type: 'availability-plan/time',
  timezone: MADRID,
  entries: entries.map(
    ([dayOfWeek, startHour, length]): PlanEntry => ({
      dayOfWeek: dayOfWeek as PlanEntry['dayOfWeek'],
      seats: 1,
      startTime: `${String(startHour).padStart(2, '0')}:00`,
      endTime: startHour + length >= 24 ? '00:00' : `${String(startHour + length).padStart(2, '0')}:00`,
    }),
  ),
});

describe('bookable slot properties', () => {
  it('offers exactly the grid starts whose shortest booking fits, and no booking there touches another', () => {
    fc.assert(
      fc.property(scenario, ({ range, rules, nowQuarter, entries, bookings }) => {
        const plan = planOf(entries);
        const now = new Date(range.start.getTime() + nowQuarter * QUARTER);
        // Stored bookings hold their own time plus the buffers (what the bookings table keeps).
        const stored = bookings.map(([q, length, state]) => ({
          ...heldRange(
            {
              start: new Date(range.start.getTime() + q * QUARTER),
              end: new Date(range.start.getTime() + (q + length) * QUARTER),
            },
            rules,
          ),
          state,
        }));
        const slots = bookableSlots({ plan, bookings: stored, rules, now, ...range });
        const planSlots = computeTimeSlots({ plan, ...range });
        const holding = stored.filter((b) => SEAT_HOLDING_BOOKING_STATES.includes(b.state));
        const windowEnd = bookableWindow(now, MADRID, rules.bookingWindowDays).end.getTime();
        const earliest = Math.max(
          range.start.getTime(),
          now.getTime() + rules.advanceNoticeMinutes * TIME_MS.minute,
        );
        const minimum = rules.minDurationMinutes * TIME_MS.minute;

        const fits = (start: number, end: number) =>
          start >= earliest &&
          end <= Math.min(windowEnd, range.end.getTime()) &&
          planSlots.some((p) => p.start.getTime() <= start && end <= p.end.getTime()) &&
          holding.every((b) => {
            const held = heldRange({ start: new Date(start), end: new Date(end) }, rules);
            return held.end <= b.start || b.end <= held.start;
          });

        const step = rules.slotStepMinutes * TIME_MS.minute;
        for (
          let t = ceilToStep(range.start.getTime(), rules.slotStepMinutes, MADRID);
          t < range.end.getTime();
          t += step
        ) {
          const offered = slots.some((s) => s.start.getTime() <= t && t + minimum <= s.end.getTime());
          expect(offered).toBe(fits(t, t + minimum));
        }
        for (const slot of slots) {
          expect(slot.end.getTime() - slot.start.getTime()).toBeGreaterThanOrEqual(minimum);
          // The whole slot is bookable as one booking (no maximum in the way of this check).
          expect(fits(slot.start.getTime(), slot.end.getTime())).toBe(true);
          expect(ceilToStep(slot.start.getTime(), rules.slotStepMinutes, MADRID)).toBe(slot.start.getTime());
          expect(ceilToStep(slot.end.getTime(), rules.slotStepMinutes, MADRID)).toBe(slot.end.getTime());
        }
      }),
      { numRuns: 200 },
    );
  });
});
