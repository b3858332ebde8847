import { describe, expect, it } from 'vitest';
import { KEYWORDS } from '../config/constants.ts';
import { searchRequestSchema } from '../validation/search-filters.ts';
import {
  decodeBounds,
  decodeLatLng,
  encodeBounds,
  encodeLatLng,
  parseQueryString,
  parseQueryValue,
  roundCoordinate,
  stringifyQuery,
} from './query-string.ts';
import {
  categorySearchQuery,
  parseCategoriesParam,
  parseDatesParam,
  parsePriceParam,
  parseSearchQuery,
  parseTimesParam,
  type SearchQuery,
  stringifySearchQuery,
  withinKeywordsLimit,
} from './search-query.ts';
import { effectiveSort, isConflictingFilterActive, isSortKey, sortOptions } from './sort.ts';

const MADRID_BOUNDS = { ne: { lat: 40.5638447, lng: -3.5249115 }, sw: { lat: 40.3120639, lng: -3.8341618 } };

describe('query values', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['42', 42],
    ['-3.5', -3.5],
    ['.5', 0.5],
    ['1e3', 1000],
    ['12abc', '12abc'],
    ['1,5', '1,5'],
    ['', ''],
    ['True', 'True'],
    ['madrid', 'madrid'],
  ])('%j → %j', (text, value) => {
    expect(parseQueryValue(text)).toEqual(value);
  });

  it('parses and writes query strings', () => {
    expect(parseQueryString('?address=Madrid%2C%20Espa%C3%B1a&keywords=sala+grande&flag&=x&a=1&a=2')).toEqual(
      {
        address: 'Madrid, España',
        keywords: 'sala grande',
        flag: '',
        a: '2',
      },
    );
    expect(parseQueryString('bad=%E0%A4%A')).toEqual({ bad: '%E0%A4%A' });
    expect(parseQueryString('')).toEqual({});
    expect(
      stringifyQuery({
        address: 'Madrid, España',
        price: '10,50',
        page: 2,
        map: true,
        none: null,
        empty: '',
      }),
    ).toBe('address=Madrid,%20Espa%C3%B1a&price=10,50&page=2&map=true');
  });

  it('encodes points and bounds, rounding to 8 decimals', () => {
    expect(roundCoordinate(40.123456789123)).toBe(40.12345679);
    expect(roundCoordinate(40.126, 2)).toBe(40.13);
    expect(encodeLatLng({ lat: 40.4, lng: -3.7 })).toBe('40.4,-3.7');
    expect(decodeLatLng('40.4,-3.7')).toEqual({ lat: 40.4, lng: -3.7 });
    expect(
      encodeBounds({ ne: { lat: 40.563844712345, lng: -3.5 }, sw: { lat: 40.3, lng: -3.834161849 } }),
    ).toBe('40.56384471,-3.5,40.3,-3.83416185');
    expect(decodeBounds('40.5638447,-3.5249115,40.3120639,-3.8341618')).toEqual(MADRID_BOUNDS);
  });

  it.each(['40.4', '40.4,x', '91,0', '0,181', '1,2,3'])('rejects the point %j', (text) => {
    expect(decodeLatLng(text)).toBeNull();
  });

  it.each(['1,2,3', '1,2,3,x', '100,0,0,0'])('rejects the bounds %j', (text) => {
    expect(decodeBounds(text)).toBeNull();
  });
});

describe('search query', () => {
  it('parses every parameter of the search page', () => {
    expect(
      parseSearchQuery(
        '?address=Madrid&bounds=40.5638447,-3.5249115,40.3120639,-3.8341618&origin=40.4,-3.7&mapSearch=true' +
          '&keywords=%20sala%20&price=10,50&dates=2026-03-29,2026-03-30&minDuration=60' +
          '&pub_category=has_any:cocina,sala,nope,cocina&sort=-price&page=2&perPage=500',
      ),
    ).toEqual({
      address: 'Madrid',
      bounds: MADRID_BOUNDS,
      origin: { lat: 40.4, lng: -3.7 },
      mapSearch: true,
      keywords: 'sala',
      price: { min: 10, max: 50 },
      dates: { start: '2026-03-29', end: '2026-03-30' },
      minDuration: 60,
      pub_category: ['cocina', 'sala'],
      sort: '-price',
      page: 2,
      perPage: 100,
    });
  });

  it('drops values that do not parse', () => {
    expect(
      parseSearchQuery(
        'page=0&perPage=x&address=%20&origin=x&bounds=1&mapSearch=maybe&keywords=&price=50,10' +
          '&dates=2026-03-30,2026-03-29&minDuration=-5&pub_category=nope&sort=random',
      ),
    ).toEqual({});
  });

  it.each([
    ['10,50', { min: 10, max: 50 }],
    ['0,0', { min: 0, max: 0 }],
    ['50,10', null],
    ['-1,10', null],
    ['10', null],
    ['a,b', null],
  ])('price %j → %j', (text, range) => {
    expect(parsePriceParam(text)).toEqual(range);
  });

  it.each([
    ['2026-10-25,2026-10-25', { start: '2026-10-25', end: '2026-10-25' }],
    ['2026-10-26,2026-10-25', null],
    ['2026-02-30,2026-03-01', null],
    ['2026-10-25', null],
    ['2026-10-25,2026-10-26,2026-10-27', null],
  ])('dates %j → %j', (text, range) => {
    expect(parseDatesParam(text)).toEqual(range);
  });

  it('cuts keywords longer than the search takes at their last whole word', () => {
    const long = `cocina ${'grande '.repeat(40)}`;
    const cut = parseSearchQuery(`?keywords=${encodeURIComponent(long)}`).keywords;
    expect(cut?.length).toBeLessThanOrEqual(KEYWORDS.maxLength);
    expect(cut).toMatch(/^cocina( grande)+$/);
    expect(withinKeywordsLimit(`  ${'a'.repeat(250)} `)).toBe('a'.repeat(KEYWORDS.maxLength));
    expect(withinKeywordsLimit(' sala  ')).toBe('sala');
    // A character of two UTF-16 halves across the limit is left out whole, so the URL can carry it.
    const emoji = withinKeywordsLimit(`${'a'.repeat(KEYWORDS.maxLength - 1)}😀b`);
    expect(emoji).toBe('a'.repeat(KEYWORDS.maxLength - 1));
    expect(() => encodeURIComponent(emoji)).not.toThrow();
    expect(searchRequestSchema.safeParse({ keywords: cut }).success).toBe(true);
  });

  it('reads categories as any-of without duplicates', () => {
    expect(parseCategoriesParam('gimnasio, cocina,gimnasio')).toEqual(['gimnasio', 'cocina']);
  });

  it('writes a query that reads back the same', () => {
    const query: SearchQuery = {
      address: 'Valencia, España',
      bounds: MADRID_BOUNDS,
      origin: { lat: 39.47, lng: -0.38 },
      mapSearch: true,
      keywords: 'sala grande',
      pub_category: ['cocina', 'sala'],
      price: { min: 10, max: 50 },
      dates: { start: '2026-03-29', end: '2026-03-30' },
      minDuration: 120,
      sort: 'price',
      page: 3,
      perPage: 24,
    };
    const text = stringifySearchQuery(query);
    expect(text).toBe(
      'address=Valencia,%20Espa%C3%B1a&bounds=40.5638447,-3.5249115,40.3120639,-3.8341618&origin=39.47,-0.38' +
        '&mapSearch=true&keywords=sala%20grande&pub_category=cocina,sala&price=10,50&dates=2026-03-29,2026-03-30' +
        '&minDuration=120&sort=price&page=3&perPage=24',
    );
    expect(parseSearchQuery(text)).toEqual(query);
  });

  it('leaves the duration out without dates and builds landing tile searches', () => {
    expect(stringifySearchQuery({ minDuration: 60 })).toBe('');
    expect(stringifySearchQuery(categorySearchQuery('gimnasio', 'Madrid', MADRID_BOUNDS))).toBe(
      'address=Madrid&bounds=40.5638447,-3.5249115,40.3120639,-3.8341618&mapSearch=true&pub_category=gimnasio',
    );
  });
});

describe('sort', () => {
  it('enables relevance only under a keyword search, and then only relevance', () => {
    expect(
      sortOptions({})
        .filter((o) => !o.disabled)
        .map((o) => o.key),
    ).toEqual(['createdAt', '-createdAt', 'price', '-price']);
    expect(
      sortOptions({ keywords: 'sala' })
        .filter((o) => !o.disabled)
        .map((o) => o.key),
    ).toEqual(['relevance']);
  });

  it.each([
    [{}, 'createdAt'],
    [{ sort: '-price' }, '-price'],
    [{ sort: 'relevance' }, 'createdAt'],
    [{ sort: 'bogus' }, 'createdAt'],
    [{ sort: 'price', keywords: 'sala' }, 'relevance'],
    [{ sort: 'price', keywords: '  ' }, 'price'],
  ])('%j sorts by %s', (query, sort) => {
    expect(effectiveSort(query)).toBe(sort);
  });

  it('recognises keys and conflicting filters', () => {
    expect(isSortKey('-createdAt')).toBe(true);
    expect(isSortKey('name')).toBe(false);
    expect(isConflictingFilterActive({ keywords: null })).toBe(false);
    expect(isConflictingFilterActive({ other: 'x' }, ['other'])).toBe(true);
  });
});

describe('hours and people', () => {
  it.each([
    ['10:00,14:00', { start: '10:00', end: '14:00' }],
    ['18:00,24:00', { start: '18:00', end: '24:00' }],
    ['14:00,10:00', null],
    ['10:00,10:00', null],
    ['10:00', null],
    ['25:00,26:00', null],
    ['10:00,14:00,16:00', null],
  ])('reads times %j as %j', (text, expected) => {
    expect(parseTimesParam(text)).toEqual(expected);
  });

  it('keeps hours only with dates, and people as a whole number up to the cap', () => {
    expect(parseSearchQuery('?times=10:00,14:00&people=4')).toEqual({ people: 4 });
    expect(parseSearchQuery('?dates=2026-11-28,2026-11-28&times=10:00,14:00&people=9999')).toEqual({
      dates: { start: '2026-11-28', end: '2026-11-28' },
      times: { start: '10:00', end: '14:00' },
      people: 500,
    });
    expect(parseSearchQuery('?people=0')).toEqual({});
    expect(parseSearchQuery('?people=2.5')).toEqual({});
  });

  it('writes hours and people back to the URL, hours only with dates', () => {
    const query: SearchQuery = {
      dates: { start: '2026-11-28', end: '2026-11-29' },
      minDuration: 120,
      times: { start: '10:00', end: '14:00' },
      people: 6,
    };
    const text = stringifySearchQuery(query);
    expect(parseSearchQuery(text)).toEqual(query);
    expect(stringifySearchQuery({ times: { start: '10:00', end: '14:00' }, people: 2 })).toBe('people=2');
  });
});
