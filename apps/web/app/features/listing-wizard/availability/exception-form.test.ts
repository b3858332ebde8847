import { describe, expect, it } from 'vitest';
import {
  EMPTY_EXCEPTION,
  endChoices,
  exceptionDateBounds,
  exceptionRequest,
  freeExceptionSlots,
  lastEndDate,
  sortedExceptions,
  startChoices,
  withEndDate,
  withStart,
} from './exception-form.ts';

const MADRID = 'Europe/Madrid';
// 10:15 in Madrid on a winter Monday.
const NOW = new Date('2026-01-12T09:15:00.000Z');

describe('exceptionRequest', () => {
  it('turns the form’s Madrid times into instants, not available as 0 seats', () => {
    expect(
      exceptionRequest(
        {
          availability: 'not-available',
          exceptionStartDate: '2026-01-20',
          exceptionStartTime: '09:00',
          exceptionEndDate: '2026-01-20',
          exceptionEndTime: '14:00',
        },
        MADRID,
      ),
    ).toEqual({ start: '2026-01-20T08:00:00.000Z', end: '2026-01-20T13:00:00.000Z', seats: 0 });
  });

  it('reads summer time in summer and 24:00 as the next midnight, available as 1 seat', () => {
    expect(
      exceptionRequest(
        {
          availability: 'available',
          exceptionStartDate: '2026-07-01',
          exceptionStartTime: '18:00',
          exceptionEndDate: '2026-07-02',
          exceptionEndTime: '24:00',
        },
        MADRID,
      ),
    ).toEqual({ start: '2026-07-01T16:00:00.000Z', end: '2026-07-02T22:00:00.000Z', seats: 1 });
  });

  it('sends nothing while incomplete, reversed or not a date', () => {
    expect(exceptionRequest(EMPTY_EXCEPTION, MADRID)).toBeNull();
    const reversed = {
      availability: 'available' as const,
      exceptionStartDate: '2026-02-01',
      exceptionStartTime: '12:00',
      exceptionEndDate: '2026-02-01',
      exceptionEndTime: '10:00',
    };
    expect(exceptionRequest(reversed, MADRID)).toBeNull();
    expect(exceptionRequest({ ...reversed, exceptionStartDate: '2026-02-31' }, MADRID)).toBeNull();
  });
});

describe('free time for a new exception', () => {
  const existing = [{ start: '2026-01-20T08:00:00.000Z', end: '2026-01-20T13:00:00.000Z' }];
  const free = freeExceptionSlots(existing, NOW);

  it('runs from now to a year ahead around the existing exceptions', () => {
    expect(free.map((slot) => [slot.start.toISOString(), slot.end.toISOString()])).toEqual([
      ['2026-01-12T09:15:00.000Z', '2026-01-20T08:00:00.000Z'],
      ['2026-01-20T13:00:00.000Z', '2027-01-11T09:15:00.000Z'],
    ]);
    expect(exceptionDateBounds(NOW, MADRID)).toEqual({ min: '2026-01-12', max: '2027-01-11' });
  });

  it('offers today’s hours from the next full hour on', () => {
    const starts = startChoices(free, { ...EMPTY_EXCEPTION, exceptionStartDate: '2026-01-12' }, MADRID);
    expect(starts[0]?.label).toBe('11:00');
    expect(starts.at(-1)?.label).toBe('23:00');
  });

  it('leaves out the hours an exception already takes', () => {
    const labels = startChoices(free, { ...EMPTY_EXCEPTION, exceptionStartDate: '2026-01-20' }, MADRID).map(
      (option) => option.label,
    );
    // The exception takes 09:00–14:00 in Madrid: 08:00 still fits an hour before it.
    expect(labels.slice(0, 10)).toEqual([
      '00:00',
      '01:00',
      '02:00',
      '03:00',
      '04:00',
      '05:00',
      '06:00',
      '07:00',
      '08:00',
      '14:00',
    ]);
  });

  it('ends before the next exception, 24:00 included on other days', () => {
    const values = { ...EMPTY_EXCEPTION, exceptionStartDate: '2026-01-19', exceptionStartTime: '20:00' };
    expect(lastEndDate(free, values, MADRID)).toBe('2026-01-20');
    const sameDay = endChoices(free, { ...values, exceptionEndDate: '2026-01-19' }, MADRID).map(
      (o) => o.label,
    );
    expect(sameDay).toEqual(['21:00', '22:00', '23:00', '24:00']);
    const nextDay = endChoices(free, { ...values, exceptionEndDate: '2026-01-20' }, MADRID).map(
      (o) => o.label,
    );
    expect(nextDay.at(-1)).toBe('09:00');
  });

  it('picks the first free hour and the first end after it when a start date is chosen', () => {
    const values = withStart(free, EMPTY_EXCEPTION, { exceptionStartDate: '2026-01-20' }, MADRID);
    expect(values).toMatchObject({
      exceptionStartTime: '00:00',
      exceptionEndDate: '2026-01-20',
      exceptionEndTime: '01:00',
    });
    const later = withStart(free, values, { exceptionStartTime: '14:00' }, MADRID);
    // The end 01:00 is no longer after the start: the first end after 14:00 replaces it.
    expect(later).toMatchObject({ exceptionStartTime: '14:00', exceptionEndTime: '15:00' });
    // A later end date keeps the end time while that day has it.
    expect(withEndDate(free, later, '2026-01-21', MADRID).exceptionEndTime).toBe('15:00');
  });

  it('has 23 hours on the day clocks go forward', () => {
    const starts = startChoices(free, { ...EMPTY_EXCEPTION, exceptionStartDate: '2026-03-29' }, MADRID);
    expect(starts).toHaveLength(23);
    expect(starts.map((o) => o.label)).not.toContain('02:00');
  });
});

describe('sortedExceptions', () => {
  it('lists exceptions in time order', () => {
    const list = [
      { id: 'b', start: '2026-03-02T10:00:00.000Z' },
      { id: 'a', start: '2026-02-01T10:00:00.000Z' },
    ];
    expect(sortedExceptions(list).map((e) => e.id)).toEqual(['a', 'b']);
  });
});
