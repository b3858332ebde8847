import { describe, expect, it } from 'vitest';
import {
  canAddException,
  exceptionAvailability,
  exceptionFromForm,
  exceptionsQueryRange,
  freeExceptionRanges,
  overlapsAny,
} from './exceptions.ts';

const d = (iso: string) => new Date(iso);

describe('exceptions', () => {
  it('turns form values in Madrid into an exception', () => {
    expect(
      exceptionFromForm(
        {
          availability: 'not-available',
          exceptionStartDate: '2026-03-29',
          exceptionStartTime: '00:00',
          exceptionEndDate: '2026-03-29',
          exceptionEndTime: '24:00',
        },
        'Europe/Madrid',
      ),
    ).toEqual({ start: d('2026-03-28T23:00:00Z'), end: d('2026-03-29T22:00:00Z'), seats: 0 });
    expect(
      exceptionFromForm(
        {
          availability: 'available',
          exceptionStartDate: '2026-10-25',
          exceptionStartTime: '10:00',
          exceptionEndDate: '2026-10-26',
          exceptionEndTime: '12:00',
        },
        'Europe/Madrid',
      ),
    ).toEqual({ start: d('2026-10-25T09:00:00Z'), end: d('2026-10-26T11:00:00Z'), seats: 1 });
  });

  it('refuses an end before the start', () => {
    expect(() =>
      exceptionFromForm(
        {
          availability: 'available',
          exceptionStartDate: '2026-05-04',
          exceptionStartTime: '10:00',
          exceptionEndDate: '2026-05-04',
          exceptionEndTime: '10:00',
        },
        'Europe/Madrid',
      ),
    ).toThrow('End date cannot be before start date');
  });

  it.each([
    [0, 'not-available'],
    [1, 'available'],
    [3, 'available'],
  ])('seats %i means %s', (seats, availability) => {
    expect(exceptionAvailability({ seats })).toBe(availability);
  });

  it.each([
    [0, true],
    [100, true],
    [101, false],
  ])('with %i exceptions the add button shows: %s', (count, expected) => {
    expect(canAddException(count)).toBe(expected);
    expect(canAddException(count, 10)).toBe(count <= 10);
  });

  it('queries 364 days ahead', () => {
    expect(exceptionsQueryRange(d('2026-01-01T10:00:00Z'))).toEqual({
      start: d('2026-01-01T10:00:00Z'),
      end: d('2026-12-31T10:00:00Z'),
    });
  });

  it('detects overlaps and lists free ranges between exceptions', () => {
    const existing = [
      { start: d('2026-05-04T12:00:00Z'), end: d('2026-05-04T14:00:00Z') },
      { start: d('2026-05-04T08:00:00Z'), end: d('2026-05-04T10:00:00Z') },
    ];
    expect(overlapsAny(existing, { start: d('2026-05-04T10:00:00Z'), end: d('2026-05-04T12:00:00Z') })).toBe(
      false,
    );
    expect(overlapsAny(existing, { start: d('2026-05-04T09:00:00Z'), end: d('2026-05-04T11:00:00Z') })).toBe(
      true,
    );
    expect(freeExceptionRanges(existing, d('2026-05-04T00:00:00Z'), d('2026-05-05T00:00:00Z'))).toEqual([
      { start: d('2026-05-04T00:00:00Z'), end: d('2026-05-04T08:00:00Z') },
      { start: d('2026-05-04T10:00:00Z'), end: d('2026-05-04T12:00:00Z') },
      { start: d('2026-05-04T14:00:00Z'), end: d('2026-05-05T00:00:00Z') },
    ]);
    expect(freeExceptionRanges(existing, d('2026-05-04T09:00:00Z'), d('2026-05-04T13:00:00Z'))).toEqual([
      { start: d('2026-05-04T10:00:00Z'), end: d('2026-05-04T12:00:00Z') },
    ]);
    expect(freeExceptionRanges([], d('2026-05-04T09:00:00Z'), d('2026-05-04T13:00:00Z'))).toEqual([
      { start: d('2026-05-04T09:00:00Z'), end: d('2026-05-04T13:00:00Z') },
    ]);
  });
});
