import { computeBookableTimeSlots } from '@hora/core/availability';
import { timeSlotsBenchmarkInput } from './fixtures/time-slots.ts';
import { median, percentile, report } from './support.ts';

const RUNS = 200;

/** Time slots for 90 days of a listing with a weekly plan, 100 exceptions and 500 bookings. */
export async function benchCore(): Promise<void> {
  const input = timeSlotsBenchmarkInput(new Date('2026-03-01T08:30:00Z'));
  const slotCount = computeBookableTimeSlots(input).length;
  if (slotCount === 0) throw new Error('the time-slot fixture produced no slots');
  for (let i = 0; i < 20; i += 1) computeBookableTimeSlots(input);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    computeBookableTimeSlots(input);
    times.push(performance.now() - started);
  }
  const data = {
    days: 90,
    exceptions: input.exceptions.length,
    bookings: input.bookings.length,
    slots: slotCount,
  };
  report('core.timeSlots.median', median(times), 'ms', RUNS, data);
  report('core.timeSlots.p95', percentile(times, 95), 'ms', RUNS, data);
}
