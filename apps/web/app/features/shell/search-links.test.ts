import { CITY_PRESETS } from '@hora/core/config';
import { parseSearchQuery } from '@hora/core/search';
import { describe, expect, it } from 'vitest';
import { currentSearchQuery, keptSearchFields, placeSearchQuery, searchPath } from './search-links.ts';

const madrid = CITY_PRESETS[1];
const SEARCH =
  '?address=Sevilla&bounds=37.5,-5.8,37.3,-6.1&origin=37.4,-6&keywords=cocina&pub_category=cocina,sala' +
  '&price=10,50&dates=2026-12-01,2026-12-02&minDuration=120&sort=-price&page=3&mapSearch=true';

describe('currentSearchQuery', () => {
  it('is the search page’s query, and nothing on any other page', () => {
    expect(currentSearchQuery({ pathname: '/s', search: '?keywords=sala&page=2' })).toEqual({
      keywords: 'sala',
      page: 2,
    });
    expect(currentSearchQuery({ pathname: '/', search: '?keywords=sala&mobilesearch=open' })).toEqual({});
    expect(currentSearchQuery({ pathname: '/l/x/1', search: '?dates=2026-12-01,2026-12-02' })).toEqual({});
  });
});

describe('placeSearchQuery (a picked place)', () => {
  it('keeps the current search, sets address and bounds, forgets the old origin and the page', () => {
    const current = parseSearchQuery(SEARCH);
    const url = new URL(searchPath(placeSearchQuery(current, madrid)), 'http://hora.test');
    expect(url.pathname).toBe('/s');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({
      address: 'Madrid, Comunidad de Madrid, España',
      bounds: '40.56598,-3.52464,40.31206,-3.83406',
      mapSearch: 'true',
      keywords: 'cocina',
      pub_category: 'cocina,sala',
      price: '10,50',
      dates: '2026-12-01,2026-12-02',
      minDuration: '120',
      sort: '-price',
    });
  });

  it('adds the place’s point only when asked (sorting by distance is off)', () => {
    expect(placeSearchQuery({}, madrid)).toEqual({ address: madrid.address, bounds: madrid.bounds });
    expect(placeSearchQuery({}, madrid, { withOrigin: true })).toEqual({
      address: madrid.address,
      bounds: madrid.bounds,
      origin: madrid.origin,
    });
    expect(searchPath(placeSearchQuery({}, madrid, { withOrigin: true }))).toBe(
      '/s?address=Madrid,%20Comunidad%20de%20Madrid,%20Espa%C3%B1a&bounds=40.56598,-3.52464,40.31206,-3.83406&origin=40.4165,-3.70256',
    );
  });
});

describe('keptSearchFields', () => {
  it('sends along every parameter but those the form sets and the page', () => {
    const current = parseSearchQuery(SEARCH);
    const keywords = keptSearchFields(current, ['keywords']);
    expect(keywords.map(([name]) => name)).toEqual([
      'address',
      'bounds',
      'origin',
      'mapSearch',
      'pub_category',
      'price',
      'dates',
      'minDuration',
      'sort',
    ]);
    expect(Object.fromEntries(keywords).address).toBe('Sevilla');
    const location = keptSearchFields(current, ['address', 'bounds', 'origin']);
    expect(location.map(([name]) => name)).toEqual([
      'mapSearch',
      'keywords',
      'pub_category',
      'price',
      'dates',
      'minDuration',
      'sort',
    ]);
    expect(keptSearchFields({}, ['keywords'])).toEqual([]);
  });
});
