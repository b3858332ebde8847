import { boundsContain, distanceMeters } from '@hora/core/geo';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGazetteerGeocoder } from './gazetteer.ts';
import { EUROPEAN_COUNTRIES } from './gazetteer-data.ts';
import { normalizeName } from './place-names.ts';

// The real data set: what the tests prove is what a visitor gets.
const gazetteer = createGazetteerGeocoder();
beforeAll(() => {
  gazetteer.warm();
});

const addresses = async (query: string, locale: 'es' | 'en' = 'es', limit = 5) =>
  (await gazetteer.predict(query, { locale, limit })).map((place) => place.address);
const first = async (query: string, locale: 'es' | 'en' = 'es') => (await addresses(query, locale, 1))[0];

describe('names are compared without case, accents or punctuation', () => {
  it.each([
    ['A Coruña', 'a coruna'],
    ["L'Hospitalet de Llobregat", 'l hospitalet de llobregat'],
    ['Vila-real', 'vila real'],
    ['Straße', 'strasse'],
    ['  ÁVILA  ', 'avila'],
    ['Łódź', 'lodz'],
  ])('%s → %s', (text, normalized) => {
    expect(normalizeName(text)).toBe(normalized);
  });
});

describe('offline gazetteer predictions', () => {
  it.each([
    ['madr', 'Madrid, Comunidad de Madrid, España'],
    ['MADRID', 'Madrid, Comunidad de Madrid, España'],
    ['malaga', 'Málaga, Andalucía, España'],
    ['Málaga', 'Málaga, Andalucía, España'],
    ['a coruna', 'A Coruña, Galicia, España'],
    ['coruña', 'A Coruña, Galicia, España'],
    ['la coruna', 'A Coruña, Galicia, España'],
    ['avila', 'Ávila, Castilla y León, España'],
    ['donostia', 'San Sebastián, País Vasco, España'],
    ['valència', 'Valencia, Comunidad Valenciana, España'],
    ['barc', 'Barcelona, Cataluña, España'],
    ['sevilla', 'Sevilla, Andalucía, España'],
    ['seville', 'Sevilla, Andalucía, España'],
    ['londres', 'Londres, Reino Unido'],
    ['london', 'Londres, Reino Unido'],
    ['munich', 'Múnich, Alemania'],
    ['koln', 'Colonia, Alemania'],
  ])('"%s" first offers %s', async (query, address) => {
    expect(await first(query)).toBe(address);
  });

  it.each([
    ['sevilla', 'Seville, Andalusia, Spain'],
    ['madrid', 'Madrid, Community of Madrid, Spain'],
    ['londres', 'London, United Kingdom'],
    ['colonia', 'Cologne, Germany'],
    ['a coruna', 'A Coruña, Galicia, Spain'],
  ])('"%s" in English is %s', async (query, address) => {
    expect(await first(query, 'en')).toBe(address);
  });

  it('ranks a larger place first among names the query starts', async () => {
    expect(await addresses('val', 'es', 3)).toEqual([
      'Valencia, Comunidad Valenciana, España',
      'Valladolid, Castilla y León, España',
      'Valdemoro, Comunidad de Madrid, España',
    ]);
  });

  it('puts a name that equals the query before larger places it only starts', async () => {
    // "Mád" (Hungary) is the only name equal to "mad": a village, so Madrid still comes first.
    expect(await addresses('mad', 'es', 2)).toEqual(['Madrid, Comunidad de Madrid, España', 'Mád, Hungría']);
    // Avilés is larger than Ávila: first for "avil", second once "avila" names Ávila exactly.
    expect(await addresses('avil', 'es', 2)).toEqual([
      'Avilés, Principado de Asturias, España',
      'Ávila, Castilla y León, España',
    ]);
    expect(await first('avila')).toBe('Ávila, Castilla y León, España');
  });

  it('ranks a match on the start of a name before one on a later word', async () => {
    const found = await addresses('coruna');
    expect(found[0]).toBe('A Coruña, Galicia, España');
    // "Coruña del Conde" starts with the query, but is a village of 100 people.
    expect(found).toContain('Coruña del Conde, Castilla y León, España');
  });

  it('answers one entry per place, at most the limit', async () => {
    const found = await gazetteer.predict('san', { locale: 'es', limit: 5 });
    expect(found).toHaveLength(5);
    expect(new Set(found.map((place) => place.id)).size).toBe(5);
  });

  it('narrows with the parts after a comma: city, region or country, in either language', async () => {
    expect(await first('valencia, esp')).toBe('Valencia, Comunidad Valenciana, España');
    expect(await addresses('cordoba, andalucia', 'es', 2)).toEqual([
      'Córdoba, Andalucía, España',
      'Priego de Córdoba, Andalucía, España',
    ]);
    expect(await first('cordoba, arg')).toBeUndefined();
    expect(await first('salamanca, madrid')).toBe('Salamanca, Madrid, Comunidad de Madrid, España');
    expect(await addresses('madrid, italia')).toEqual([]);
  });

  it('keeps the street typed before the town, and that whole address resolves to the town', async () => {
    const [place] = await gazetteer.predict('Calle Mayor 5, madr', { locale: 'es', limit: 5 });
    expect(place).toMatchObject({
      id: 'geonames:3117735',
      address: 'Calle Mayor 5, Madrid, Comunidad de Madrid, España',
    });
    expect((await gazetteer.resolve(place!.address, { locale: 'es' }))?.id).toBe('geonames:3117735');
    expect(await addresses('Calle Inventada 1, xqzwv')).toEqual([]);
  });

  it('names a neighbourhood with its city', async () => {
    expect(await first('eixample')).toBe('Eixample, Barcelona, Cataluña, España');
  });

  it('limits answers to the configured countries', async () => {
    const found = await gazetteer.predict('par', { locale: 'es', limit: 5, countries: ['ES'] });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((place) => place.countryCode === 'ES')).toBe(true);
  });

  it('finds nothing for unknown text, empty text and places outside Europe', async () => {
    expect(await addresses('xqzwv')).toEqual([]);
    expect(await addresses('   ')).toEqual([]);
    expect(await addresses('Bogotá')).toEqual([]);
  });

  it('answers places with an id, a point inside their bounds and bounds sized by population', async () => {
    const [madrid] = await gazetteer.predict('madrid', { locale: 'es', limit: 1 });
    expect(madrid).toMatchObject({ id: 'geonames:3117735', type: 'city', countryCode: 'ES' });
    expect(madrid!.origin).toEqual({ lat: 40.4165, lng: -3.70256 });
    expect(boundsContain(madrid!.bounds, madrid!.origin)).toBe(true);
    const width = distanceMeters(
      { lat: madrid!.origin.lat, lng: madrid!.bounds.sw.lng },
      { lat: madrid!.origin.lat, lng: madrid!.bounds.ne.lng },
    );
    expect(width).toBeGreaterThan(30_000);
    const [village] = await gazetteer.predict('coruña del conde', { locale: 'es', limit: 1 });
    expect(
      distanceMeters(village!.bounds.sw, { lat: village!.bounds.sw.lat, lng: village!.bounds.ne.lng }),
    ).toBeCloseTo(2000, -1);
  });

  it('keeps only European countries', () => {
    const { records } = gazetteer.warm();
    expect(records.length).toBeGreaterThan(50_000);
    expect(records.every((record) => EUROPEAN_COUNTRIES.has(record.countryCode))).toBe(true);
  });
});

describe('offline gazetteer resolve', () => {
  it.each([
    ['Sevilla, Andalucía, España', 'es', 'Sevilla, Andalucía, España'],
    ['Seville, Andalusia, Spain', 'es', 'Sevilla, Andalucía, España'],
    ['Sevilla, Andalucía, España', 'en', 'Seville, Andalusia, Spain'],
    ['Calle Mayor 5, Madrid', 'es', 'Madrid, Comunidad de Madrid, España'],
    ['Calle Mayor 5, 28013 Madrid, España', 'es', 'Madrid, Comunidad de Madrid, España'],
    ['madrid', 'es', 'Madrid, Comunidad de Madrid, España'],
    ['Calle de Toledo 3, Madrid', 'es', 'Madrid, Comunidad de Madrid, España'],
    ['Eixample, Barcelona, Cataluña, España', 'es', 'Eixample, Barcelona, Cataluña, España'],
  ] as const)('%s (%s) is %s', async (address, locale, expected) => {
    expect((await gazetteer.resolve(address, { locale }))?.address).toBe(expected);
  });

  it.each(['Calle Inventada 1, Ciudad Que No Existe', 'Madr', 'Madrid, Italia', '', '28013'])(
    'does not recognise %j',
    async (address) => {
      expect(await gazetteer.resolve(address, { locale: 'es' })).toBeNull();
    },
  );

  it('resolves every address it predicted, in both languages', async () => {
    for (const locale of ['es', 'en'] as const) {
      for (const query of [
        'madr',
        'bar',
        'val',
        'sev',
        'zar',
        'mál',
        'eix',
        'lond',
        'par',
        'Gran Vía 1, mad',
      ]) {
        for (const place of await gazetteer.predict(query, { locale, limit: 5 })) {
          expect((await gazetteer.resolve(place.address, { locale }))?.id, place.address).toBe(place.id);
        }
      }
    }
  });
});
