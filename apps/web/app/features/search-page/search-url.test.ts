import { parseSearchQuery } from '@hora/core/search';
import { describe, expect, it } from 'vitest';
import {
  boundsQuery,
  canonicalFormHref,
  mapMoveQuery,
  pageHref,
  queryWithValues,
  searchHref,
  valuesOfQuery,
  withFilters,
  withoutFilters,
} from './search-url.ts';

const MADRID = { ne: { lat: 40.5638447, lng: -3.5249115 }, sw: { lat: 40.3120639, lng: -3.8341618 } };

describe('search URLs', () => {
  it('pages keep every filter and write page 1 as no page', () => {
    const query = parseSearchQuery('?keywords=sala&pub_category=sala,cocina&price=10,50&page=3');
    expect(pageHref(query, 4)).toBe('/s?keywords=sala&pub_category=sala,cocina&price=10,50&page=4');
    expect(pageHref(query, 1)).toBe('/s?keywords=sala&pub_category=sala,cocina&price=10,50');
  });

  it('a new filter starts again at page 1', () => {
    const query = parseSearchQuery('?people=4&page=7');
    expect(searchHref(withFilters(query, { sort: '-price' }))).toBe('/s?people=4&sort=-price');
  });

  it('moving the map searches its bounds from page 1, map search on', () => {
    const query = parseSearchQuery('?address=Madrid&page=2&mapSearch=true&people=2');
    expect(searchHref(boundsQuery(query, MADRID))).toBe(
      '/s?address=Madrid&bounds=40.5638447,-3.5249115,40.3120639,-3.8341618&mapSearch=true&people=2',
    );
  });

  it('a move of the map searches only with map search on, without reloading anything else', () => {
    expect(mapMoveQuery(parseSearchQuery('?address=Madrid&page=2'), MADRID)).toBeNull();
    const on = mapMoveQuery(parseSearchQuery('?address=Madrid&mapSearch=true&keywords=sala&page=2'), MADRID);
    expect(on && searchHref(on)).toBe(
      '/s?address=Madrid&bounds=40.5638447,-3.5249115,40.3120639,-3.8341618&mapSearch=true&keywords=sala',
    );
  });

  it('reset all keeps the place and the map, and drops every filter', () => {
    const query = parseSearchQuery(
      '?address=Madrid&bounds=40.5638447,-3.5249115,40.3120639,-3.8341618&keywords=sala&people=3&sort=price&page=2',
    );
    expect(searchHref(withoutFilters(query))).toBe(
      '/s?address=Madrid&bounds=40.5638447,-3.5249115,40.3120639,-3.8341618',
    );
  });
});

describe('filter values', () => {
  it('round-trip a query', () => {
    const query = parseSearchQuery(
      '?keywords=sala&dates=2026-03-28,2026-03-29&minDuration=60&times=10:00,14:00&people=4&price=10,200&pub_category=sala',
    );
    expect(queryWithValues({}, valuesOfQuery(query))).toEqual(query);
  });

  it('ends a longer range of dates at the date filter’s 90th day, from the form and from a URL', () => {
    const values = valuesOfQuery({});
    expect(queryWithValues({}, { ...values, dateStart: '2026-03-01', dateEnd: '2026-12-31' }).dates).toEqual({
      start: '2026-03-01',
      end: '2026-05-29',
    });
    expect(parseSearchQuery('?dates=2026-03-01,2027-03-01').dates).toEqual({
      start: '2026-03-01',
      end: '2026-05-29',
    });
    expect(parseSearchQuery('?dates=2026-03-01,2026-05-29').dates).toEqual({
      start: '2026-03-01',
      end: '2026-05-29',
    });
  });

  it('one date means that day; hours need dates and an end after the start', () => {
    const values = valuesOfQuery({});
    expect(queryWithValues({}, { ...values, dateStart: '2026-03-28' }).dates).toEqual({
      start: '2026-03-28',
      end: '2026-03-28',
    });
    expect(queryWithValues({}, { ...values, timeStart: '10:00', timeEnd: '12:00' }).times).toBeUndefined();
    expect(
      queryWithValues({}, { ...values, dateStart: '2026-03-28', timeStart: '12:00', timeEnd: '10:00' }).times,
    ).toBeUndefined();
    expect(
      queryWithValues({}, { ...values, dateStart: '2026-03-28', timeStart: '20:00', timeEnd: '24:00' }).times,
    ).toEqual({ start: '20:00', end: '24:00' });
    // An end before the start: the days between them, not no dates at all.
    expect(queryWithValues({}, { ...values, dateStart: '2026-03-29', dateEnd: '2026-03-27' }).dates).toEqual({
      start: '2026-03-27',
      end: '2026-03-29',
    });
    expect(
      queryWithValues({}, { ...values, dateStart: 'nonsense', dateEnd: '2026-03-27' }).dates,
    ).toBeUndefined();
    // The duration is a filter of dates only.
    expect(queryWithValues({}, { ...values, minDuration: '60' }).minDuration).toBeUndefined();
  });

  it('the full price range is no filter; people under 1 are none', () => {
    const values = valuesOfQuery({});
    expect(queryWithValues({}, { ...values, priceMin: 0, priceMax: 1000 }).price).toBeUndefined();
    expect(queryWithValues({}, { ...values, priceMin: 0, priceMax: 995 }).price).toEqual({
      min: 0,
      max: 995,
    });
    expect(queryWithValues({}, { ...values, people: '0' }).people).toBeUndefined();
    expect(queryWithValues({}, { ...values, people: '9999' }).people).toBe(500);
  });

  it('applying values drops the page and keeps place and sort', () => {
    const base = parseSearchQuery('?address=Valencia&sort=-price&page=5&people=2');
    expect(searchHref(queryWithValues(base, { ...valuesOfQuery(base), people: '6' }))).toBe(
      '/s?address=Valencia&people=6&sort=-price',
    );
  });
});

describe('the filters form without JavaScript', () => {
  const href = (search: string) => canonicalFormHref(new URL(`http://hora.test/s${search}`));

  it('writes what the form sent as the page URL', () => {
    expect(
      href(
        '?address=Madrid&sort=price&keywords=&dateStart=2026-03-28&dateEnd=&minDuration=120&timeStart=09:00&timeEnd=13:00&people=&priceMin=20&priceMax=1000&pub_category=sala&pub_category=cocina',
      ),
    ).toBe(
      '/s?address=Madrid&pub_category=sala,cocina&price=20,1000&dates=2026-03-28,2026-03-28&minDuration=120&times=09%3A00,13%3A00&sort=price',
    );
    expect(href('?keywords=sala&priceMin=0&priceMax=1000')).toBe('/s?keywords=sala');
  });

  it('drops what does not parse instead of failing', () => {
    expect(
      href('?dateStart=mañana&priceMin=x&priceMax=-4&pub_category=nope&pub_category=sala&people=abc'),
    ).toBe('/s?pub_category=sala&price=0,0');
  });

  it('leaves the page URL alone', () => {
    expect(href('?keywords=sala&pub_category=sala,cocina')).toBeNull();
  });
});
