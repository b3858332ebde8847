import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sqlText } from '../src/db/prepared.ts';
import {
  askedValues,
  buildDateCondition,
  dateCondition,
  dateShape,
  lastSoonDay,
} from '../src/modules/search/dates-repository.ts';
import { SOON_DAYS } from '../src/modules/search/free-time-summary.ts';

// Decision 0067: a date condition's text holds no values, so it is built once per shape.
const dialect = new PgDialect();
/** The searches' today in these tests: the asked days 20 792 on are near. */
const TODAY = 20_790;
const textOf = (days: number[], times?: { start: string; end: string }, today = TODAY) =>
  dialect.sqlToQuery(dateCondition(dateShape(days, times as never, today)));

describe('a date search’s condition', () => {
  it('holds no values, its text built once per shape and kept', () => {
    // Every shape of a day-by-day or a series search, with and without hours, builds without a
    // value (`sqlText` refuses one), and each shape's text is its own.
    const texts = new Set<string>();
    for (const days of [1, 2, 7, 8, 30])
      for (const times of [undefined, { start: '10:00', end: '14:00' }])
        for (const today of [TODAY, TODAY - 20]) {
          const shape = dateShape(
            Array.from({ length: days }, (_, i) => TODAY + i),
            times as never,
            today,
          );
          const built = sqlText(buildDateCondition(shape));
          texts.add(built);
          expect(dialect.sqlToQuery(dateCondition(shape)).sql).toBe(built);
        }
    // Day by day up to 7 days (1, 2, 7), one text for any longer series (8, 30), each by hours or not,
    // and near or past the index's days (30 days are always past them).
    expect(texts.size).toBe(16);
    expect(textOf([]).sql).toBe('false');
  });

  it('rules days out by where their free time ends only where no stretch runs from one asked day into the next', () => {
    expect(dateShape([1, 2], undefined, 1).acrossDays).toBe(true);
    expect(dateShape([1, 2], { start: '00:00', end: '24:00' } as never, 1).acrossDays).toBe(true);
    expect(dateShape([1, 2], { start: '10:00', end: '14:00' } as never, 1).acrossDays).toBe(false);
    expect(dateShape([1], undefined, 1).acrossDays).toBe(false);
    expect(textOf([1, 2]).sql).not.toContain('last_end');
    expect(textOf([1, 2], { start: '10:00', end: '14:00' }).sql).toContain('last_end');
  });

  it('reads the whole summary from the searched row for days its first bytes may not hold', () => {
    // Written yesterday, a summary starts two days back: its `soon_*` bytes hold through today + 13.
    expect(lastSoonDay(TODAY)).toBe(TODAY + SOON_DAYS - 3);
    const near = textOf([TODAY + 13]).sql;
    const past = textOf([TODAY + 14]).sql;
    expect(dateShape([TODAY + 13], undefined, TODAY).pastSoon).toBe(false);
    expect(dateShape([TODAY + 10, TODAY + 14], undefined, TODAY).pastSoon).toBe(true);
    // Near: the index's bytes (stating the condition of that partial index), and the row read by
    // its key when they do not hold the days.
    expect(near).toContain('d.booking_window_days > 0 and');
    expect(near).toContain('d.soon_longest');
    expect(near).toContain('from listing_free_days f where f.listing_id = d.listing_id');
    // Past them: no lookup per listing, the searched row's whole summary.
    for (const text of [past, textOf([TODAY + 20, TODAY + 50], { start: '10:00', end: '14:00' }).sql]) {
      expect(text).not.toContain('soon_');
      expect(text).not.toContain('booking_window_days > 0');
      expect(text).not.toContain('listing_free_days f');
      expect(text).toContain('d.day_longest');
    }
    expect(textOf([]).sql).toBe('false');
  });

  it('gives the zones the asked values in minutes and day numbers', () => {
    const now = new Date('2026-11-28T14:00:00Z');
    expect(askedValues([20_792, 20_793], { start: '10:00', end: '14:30' } as never, 120, now)).toEqual({
      firstAsked: 20_792,
      lastAsked: 20_793,
      hoursFrom: 600,
      hoursTo: 870,
      minDuration: 120,
      now: '2026-11-28T14:00:00.000Z',
    });
    expect(askedValues([20_792], undefined, 0, now)).toMatchObject({ hoursFrom: 0, hoursTo: 1440 });
  });

  it('keeps only texts without values', () => {
    expect(sqlText(sql`select 1`)).toBe('select 1');
    expect(() => sqlText(sql`select ${1}`)).toThrow();
  });
});
