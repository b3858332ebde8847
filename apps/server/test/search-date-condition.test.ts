import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sqlText } from '../src/db/prepared.ts';
import {
  askedValues,
  buildDateCondition,
  dateCondition,
  dateShape,
} from '../src/modules/search/dates-repository.ts';

// Decision 0067: a date condition's text holds no values, so it is built once per shape.
const dialect = new PgDialect();
const textOf = (days: number[], times?: { start: string; end: string }) =>
  dialect.sqlToQuery(dateCondition(dateShape(days, times as never)));

describe('a date search’s condition', () => {
  it('holds no values, its text built once per shape and kept', () => {
    // Every shape of a day-by-day or a series search, with and without hours, builds without a
    // value (`sqlText` refuses one), and each shape's text is its own.
    const texts = new Set<string>();
    for (const days of [1, 2, 7, 8, 30])
      for (const times of [undefined, { start: '10:00', end: '14:00' }]) {
        const shape = dateShape(
          Array.from({ length: days }, (_, i) => 20_792 + i),
          times as never,
        );
        const built = sqlText(buildDateCondition(shape));
        texts.add(built);
        expect(dialect.sqlToQuery(dateCondition(shape)).sql).toBe(built);
      }
    // Day by day up to 7 days (1, 2, 7), one text for any longer series (8, 30), each by hours or not.
    expect(texts.size).toBe(8);
    expect(textOf([]).sql).toBe('false');
  });

  it('rules days out by where their free time ends only where no stretch runs from one asked day into the next', () => {
    expect(dateShape([1, 2], undefined).acrossDays).toBe(true);
    expect(dateShape([1, 2], { start: '00:00', end: '24:00' } as never).acrossDays).toBe(true);
    expect(dateShape([1, 2], { start: '10:00', end: '14:00' } as never).acrossDays).toBe(false);
    expect(dateShape([1], undefined).acrossDays).toBe(false);
    expect(textOf([1, 2]).sql).not.toContain('last_end');
    expect(textOf([1, 2], { start: '10:00', end: '14:00' }).sql).toContain('last_end');
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
