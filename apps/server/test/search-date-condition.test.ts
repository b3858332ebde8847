import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sqlText } from '../src/db/prepared.ts';
import { askedValues, dateCondition, dateShape } from '../src/modules/search/dates-repository.ts';

// Decision 0067: a date condition's text holds no values, so it is built once per shape.
const dialect = new PgDialect();
const textOf = (days: number[], times?: { start: string; end: string }) =>
  dialect.sqlToQuery(dateCondition(dateShape(days, times as never)));

describe('a date search’s condition', () => {
  it('depends on the search’s shape alone, its values being the zones’ columns', () => {
    const saturday = textOf([20_792]);
    expect(saturday.params).toEqual([]);
    expect(textOf([20_800]).sql).toBe(saturday.sql);
    expect(textOf([20_792, 20_793]).sql).not.toBe(saturday.sql);
    const morning = textOf([20_792], { start: '10:00', end: '14:00' });
    expect(morning.sql).toBe(textOf([20_801], { start: '16:00', end: '20:00' }).sql);
    expect(morning.sql).not.toBe(saturday.sql);
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
