import { addDays, compareDateKeys, dayOfWeek, type MonthKey } from '../time/calendar.ts';
import { dateKeyAt, startOfDayAt, zonedTimeToInstant } from '../time/zoned.ts';
import type { AvailabilityException } from './exceptions.ts';
import { type AvailabilityPlan, entriesByDay } from './plan.ts';

export const BOOKING_STATES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** Bookings in these states hold their seats (spec: pending and accepted). */
export const SEAT_HOLDING_BOOKING_STATES: readonly BookingState[] = ['pending', 'accepted'];

export interface SeatBooking {
  readonly start: Date;
  readonly end: Date;
  readonly state: BookingState;
  readonly seats?: number;
}

export type TimeSlotType = 'time-slot/day' | 'time-slot/time';

export interface TimeSlot {
  readonly type: TimeSlotType;
  readonly start: Date;
  readonly end: Date;
  /** Free seats: the smallest number free anywhere in the slot. */
  readonly seats: number;
}

export interface TimeSlotsInput {
  plan: AvailabilityPlan;
  exceptions?: readonly AvailabilityException[];
  bookings?: readonly SeatBooking[];
  /** Range to compute, [start, end). Pass `now` as start to leave out the past. */
  start: Date;
  end: Date;
}

// Event kinds of the sweep; numbers keep the hot loop free of string compares.
const PLAN = 0;
const EXCEPTION = 1;
const BOOKING = 2;

interface SweepEvent {
  at: number;
  kind: number;
  /** +1 opens, −1 closes. */
  sign: number;
  seats: number;
}

function planEvents(plan: AvailabilityPlan, from: number, to: number, events: SweepEvent[]): void {
  const byDay = entriesByDay(plan);
  const zone = plan.timezone;
  const lastDate = dateKeyAt(to, zone);
  for (let date = dateKeyAt(from, zone); compareDateKeys(date, lastDate) <= 0; date = addDays(date, 1)) {
    for (const entry of byDay.get(dayOfWeek(date)) ?? []) {
      let start: number;
      let end: number;
      if (
        plan.type === 'availability-plan/day' ||
        entry.startTime === undefined ||
        entry.endTime === undefined
      ) {
        start = startOfDayAt(date, zone);
        end = startOfDayAt(addDays(date, 1), zone);
      } else {
        start = zonedTimeToInstant(date, entry.startTime, zone);
        end = zonedTimeToInstant(date, entry.endTime === '00:00' ? '24:00' : entry.endTime, zone);
      }
      if (end > start && entry.seats > 0) {
        events.push({ at: start, kind: PLAN, sign: 1, seats: entry.seats });
        events.push({ at: end, kind: PLAN, sign: -1, seats: entry.seats });
      }
    }
  }
}

function intervalEvents(kind: number, start: Date, end: Date, seats: number, events: SweepEvent[]): void {
  if (end.getTime() <= start.getTime()) return;
  events.push({ at: start.getTime(), kind, sign: 1, seats });
  events.push({ at: end.getTime(), kind, sign: -1, seats });
}

/**
 * Free time slots: maximal intervals inside [start, end) where the plan (or an exception,
 * which overrides it) offers more seats than seat-holding bookings use. One sort, one sweep:
 * O(n log n) in the number of plan entries, exceptions and bookings, whatever the length of
 * the range in minutes. Overlapping exceptions count with their smallest seat number.
 */
export function computeTimeSlots(input: TimeSlotsInput): TimeSlot[] {
  const from = input.start.getTime();
  const to = input.end.getTime();
  if (!(to > from)) return [];
  const events: SweepEvent[] = [];
  planEvents(input.plan, from, to, events);
  for (const e of input.exceptions ?? []) intervalEvents(EXCEPTION, e.start, e.end, e.seats, events);
  for (const b of input.bookings ?? []) {
    if (SEAT_HOLDING_BOOKING_STATES.includes(b.state))
      intervalEvents(BOOKING, b.start, b.end, b.seats ?? 1, events);
  }
  events.sort((a, b) => a.at - b.at);

  const type: TimeSlotType = input.plan.type === 'availability-plan/day' ? 'time-slot/day' : 'time-slot/time';
  const slots: TimeSlot[] = [];
  const exceptionSeats: number[] = [];
  let planSeats = 0;
  let bookedSeats = 0;
  let openStart = -1;
  let openSeats = 0;

  const close = (at: number) => {
    if (openStart >= 0 && at > openStart)
      slots.push({ type, start: new Date(openStart), end: new Date(at), seats: openSeats });
    openStart = -1;
  };

  for (let i = 0; i < events.length; ) {
    const at = (events[i] as SweepEvent).at;
    for (; i < events.length && (events[i] as SweepEvent).at === at; i++) {
      const event = events[i] as SweepEvent;
      if (event.kind === PLAN) planSeats += event.sign * event.seats;
      else if (event.kind === BOOKING) bookedSeats += event.sign * event.seats;
      else if (event.sign > 0) exceptionSeats.push(event.seats);
      else exceptionSeats.splice(exceptionSeats.indexOf(event.seats), 1);
    }
    const offered = exceptionSeats.length > 0 ? Math.min(...exceptionSeats) : planSeats;
    const free = offered - bookedSeats;
    const segmentStart = Math.max(at, from);
    if (at >= to) break;
    if (free > 0) {
      // Segments before the range all start at `from`: only the last one's seats count.
      if (openStart < 0 || at <= from) {
        openStart = segmentStart;
        openSeats = free;
      } else {
        openSeats = Math.min(openSeats, free);
      }
    } else {
      close(segmentStart);
    }
  }
  close(to);
  return slots;
}

/**
 * Slots keyed by local month ('YYYY-MM'). A slot crossing a month boundary is listed in
 * every month it touches, whole: the booking form needs the full contiguous slot to offer
 * end times beyond the month shown.
 */
export function groupTimeSlotsByMonth(
  slots: readonly TimeSlot[],
  timeZone: string,
): Record<MonthKey, TimeSlot[]> {
  const months: Record<MonthKey, TimeSlot[]> = {};
  for (const slot of slots) {
    const first = dateKeyAt(slot.start.getTime(), timeZone).slice(0, 7);
    const last = dateKeyAt(slot.end.getTime() - 1, timeZone).slice(0, 7);
    for (let month = first; month <= last; month = nextMonth(month)) {
      const list = months[month] ?? [];
      list.push(slot);
      months[month] = list;
    }
  }
  return months;
}

function nextMonth(month: MonthKey): MonthKey {
  return addDays(`${month}-28`, 4).slice(0, 7);
}

/** Slots overlapping one local day. */
export function timeSlotsOnDate(slots: readonly TimeSlot[], date: string, timeZone: string): TimeSlot[] {
  const dayStart = startOfDayAt(date, timeZone);
  const dayEnd = startOfDayAt(addDays(date, 1), timeZone);
  return slots.filter((s) => s.start.getTime() < dayEnd && s.end.getTime() > dayStart);
}

/** The contiguous slot containing an instant, if any. */
export function slotContaining(slots: readonly TimeSlot[], instant: Date): TimeSlot | null {
  const t = instant.getTime();
  return slots.find((s) => s.start.getTime() <= t && t < s.end.getTime()) ?? null;
}

/** True when [start, end) fits inside one free slot: the server's booking-time check. */
export function isRangeAvailable(slots: readonly TimeSlot[], start: Date, end: Date): boolean {
  const slot = slotContaining(slots, start);
  return slot !== null && end.getTime() > start.getTime() && end.getTime() <= slot.end.getTime();
}
