import { DEFAULT_BOOKING_RULES } from '@hora/core/listing';
import { bookingRulesSchema, validate } from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import {
  advanceNoticeOptions,
  type BookingRulesValues,
  bookingRulesOf,
  bookingRulesValuesOf,
  bookingWindowOptions,
  bufferOptions,
  durationParts,
  maxDurationOptions,
  minDurationOptions,
  withMinDuration,
  withSlotStep,
} from './booking-rules-form.ts';

const defaults = bookingRulesValuesOf(DEFAULT_BOOKING_RULES);

describe('booking rules ↔ form values', () => {
  it('shows the defaults as the spec’s hourly booking: 1 h minimum, no maximum, 90 days, hourly starts', () => {
    expect(defaults).toEqual({
      minDurationMinutes: '60',
      maxDurationMinutes: '',
      bufferBeforeMinutes: '0',
      bufferAfterMinutes: '0',
      advanceNoticeMinutes: '0',
      bookingWindowDays: '90',
      slotStepMinutes: '60',
    });
    expect(bookingRulesOf(defaults)).toEqual(DEFAULT_BOOKING_RULES);
  });

  it('round-trips every rule, "no maximum" as null', () => {
    const rules = {
      minDurationMinutes: 90,
      maxDurationMinutes: 240,
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 30,
      advanceNoticeMinutes: 1440,
      bookingWindowDays: 30,
      slotStepMinutes: 30 as const,
    };
    expect(bookingRulesOf(bookingRulesValuesOf(rules))).toEqual(rules);
    expect(bookingRulesOf({ ...defaults, maxDurationMinutes: '' }).maxDurationMinutes).toBeNull();
  });
});

describe('options', () => {
  it('offer lengths on the slot step only', () => {
    expect(minDurationOptions(defaults)).not.toContain(30);
    expect(minDurationOptions(defaults)).not.toContain(90);
    expect(minDurationOptions({ ...defaults, slotStepMinutes: '30' }).slice(0, 3)).toEqual([30, 60, 90]);
  });

  it('offer maximums not below the minimum', () => {
    const values = { ...defaults, minDurationMinutes: '240' };
    expect(Math.min(...maxDurationOptions(values))).toBe(240);
  });

  it('never open bookings more than 90 days ahead', () => {
    expect(Math.max(...bookingWindowOptions('90'))).toBe(90);
    expect(bookingWindowOptions('120')).not.toContain(120);
    expect(bookingWindowOptions('45')).toContain(45);
  });

  it('keep a saved value the list lacks', () => {
    expect(bufferOptions('20')).toContain(20);
    expect(advanceNoticeOptions('90')).toContain(90);
  });

  it('only ever make rules the API takes', () => {
    for (const step of ['60', '30'] as const) {
      const base = withSlotStep(defaults, step);
      for (const min of minDurationOptions(base)) {
        const withMin = withMinDuration(base, String(min));
        for (const max of ['', ...maxDurationOptions(withMin).map(String)]) {
          const values: BookingRulesValues = { ...withMin, maxDurationMinutes: max };
          expect(validate(bookingRulesSchema, bookingRulesOf(values)).ok, JSON.stringify(values)).toBe(true);
        }
      }
    }
  });
});

describe('changes that keep the rules consistent', () => {
  it('round lengths up to the new step', () => {
    const values = {
      ...defaults,
      slotStepMinutes: '30' as const,
      minDurationMinutes: '90',
      maxDurationMinutes: '150',
    };
    expect(withSlotStep(values, '60')).toMatchObject({
      slotStepMinutes: '60',
      minDurationMinutes: '120',
      maxDurationMinutes: '180',
    });
    expect(withSlotStep(defaults, '30')).toMatchObject({ minDurationMinutes: '60', maxDurationMinutes: '' });
  });

  it('raise the maximum with a minimum above it', () => {
    expect(withMinDuration({ ...defaults, maxDurationMinutes: '120' }, '180').maxDurationMinutes).toBe('180');
    expect(withMinDuration({ ...defaults, maxDurationMinutes: '' }, '180').maxDurationMinutes).toBe('');
    expect(withMinDuration({ ...defaults, maxDurationMinutes: '480' }, '180').maxDurationMinutes).toBe('480');
  });
});

describe('durationParts', () => {
  it('splits a length into days, or hours and minutes', () => {
    expect(durationParts(30)).toEqual({ days: 0, hours: 0, minutes: 30 });
    expect(durationParts(90)).toEqual({ days: 0, hours: 1, minutes: 30 });
    expect(durationParts(2880)).toEqual({ days: 2, hours: 0, minutes: 0 });
  });
});
