import type { BookableSlotsInput } from './bookable-slots.ts';
import type { AvailabilityException } from './exceptions.ts';
import type { SeatBooking } from './slots.ts';

/**
 * A realistic heavy listing for `npm run bench` (core.timeSlots): a weekly plan, 100
 * exceptions and 500 bookings over 90 days. Deterministic (a fixed-seed generator) so every
 * run measures the same work.
 */
export function timeSlotsBenchmarkInput(now: Date, seed = 42): Required<BookableSlotsInput> {
  let state = seed >>> 0;
  const next = (max: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % max;
  };
  const hour = 3_600_000;
  const origin = now.getTime();
  const exceptions: AvailabilityException[] = Array.from({ length: 100 }, (_, i) => {
    const start = origin + next(90 * 24) * hour;
    return {
      id: `ex-${i}`,
      start: new Date(start),
      end: new Date(start + (1 + next(6)) * hour),
      seats: i % 3 === 0 ? 1 : 0,
    };
  });
  const bookings: SeatBooking[] = Array.from({ length: 500 }, (_, i) => {
    const start = origin + next(90 * 24) * hour;
    const states = ['pending', 'accepted', 'declined', 'cancelled'] as const;
    return {
      start: new Date(start),
      end: new Date(start + (1 + next(3)) * hour),
      state: states[i % 4] ?? 'accepted',
    };
  });
  return {
    plan: {
      type: 'availability-plan/time',
      timezone: 'Europe/Madrid',
      entries: [
        ...(['mon', 'tue', 'wed', 'thu', 'fri'] as const).flatMap((dayOfWeek) => [
          { dayOfWeek, seats: 1, startTime: '07:00', endTime: '14:00' },
          { dayOfWeek, seats: 1, startTime: '15:00', endTime: '22:00' },
        ]),
        { dayOfWeek: 'sat', seats: 1, startTime: '09:00', endTime: '00:00' },
        { dayOfWeek: 'sun', seats: 1, startTime: '10:00', endTime: '14:00' },
      ],
    },
    exceptions,
    bookings,
    now,
    days: 90,
  };
}
