import { describe, expect, it } from 'vitest';
import { timeSlotsBenchmarkInput } from './benchmark-fixture.ts';
import { computeBookableTimeSlots } from './bookable-slots.ts';

const d = (iso: string) => new Date(iso);

describe('benchmark input', () => {
  it('computes 90 days of slots with 100 exceptions and 500 bookings', () => {
    const input = timeSlotsBenchmarkInput(d('2026-03-01T08:30:00Z'));
    expect(input.exceptions).toHaveLength(100);
    expect(input.bookings).toHaveLength(500);
    const slots = computeBookableTimeSlots(input);
    expect(slots.length).toBeGreaterThan(90);
    expect(slots[0]?.start.getTime()).toBeGreaterThanOrEqual(input.now.getTime());
    // Last bookable day is 2026-03-01 + 89 = Friday 2026-05-29, open until 22:00 (20:00Z).
    expect(slots[slots.length - 1]?.end.toISOString()).toBe('2026-05-29T20:00:00.000Z');
    expect(timeSlotsBenchmarkInput(input.now)).toEqual(input);
  });
});
