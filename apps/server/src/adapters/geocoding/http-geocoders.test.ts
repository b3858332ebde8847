import { AppError } from '@hora/core/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.ts';
import { sendJson, startFakeGeocoder } from './fake-geocoder-server.ts';
import { createGeocoder, geocoderUserAgent } from './index.ts';
import { createNominatimGeocoder } from './nominatim.ts';
import { createPhotonGeocoder } from './photon.ts';

const NOMINATIM_MADRID = {
  place_id: 123,
  osm_type: 'relation',
  osm_id: 5326784,
  lat: '40.4167047',
  lon: '-3.7035825',
  display_name: 'Madrid, Área metropolitana de Madrid y Corredor del Henares, Comunidad de Madrid, España',
  boundingbox: ['40.3120639', '40.6437293', '-3.8889539', '-3.5179163'],
  addresstype: 'city',
  type: 'administrative',
  address: { country_code: 'es' },
};

const NOMINATIM_HOUSE = {
  osm_type: 'node',
  osm_id: 42,
  lat: '40.4153',
  lon: '-3.7074',
  display_name: '5, Calle Mayor, Sol, Centro, Madrid, Comunidad de Madrid, 28013, España',
  addresstype: 'house',
  address: { country_code: 'es' },
};

const PHOTON_SEVILLA = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-5.9953403, 37.3886303] },
  properties: {
    osm_id: 342563,
    osm_type: 'R',
    name: 'Sevilla',
    state: 'Andalucía',
    country: 'España',
    countrycode: 'ES',
    type: 'city',
    extent: [-6.0329182, 37.4529964, -5.8191387, 37.3002036],
  },
};

const PHOTON_PORTO = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-8.6107884, 41.1494512] },
  properties: {
    osm_id: 1,
    osm_type: 'N',
    name: 'Porto',
    country: 'Portugal',
    countrycode: 'PT',
    type: 'city',
  },
};

const PHOTON_HOUSE = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-3.7074, 40.4153] },
  properties: {
    osm_id: 9,
    osm_type: 'N',
    street: 'Calle Mayor',
    housenumber: '5',
    city: 'Madrid',
    country: 'España',
    countrycode: 'ES',
    type: 'house',
  },
};

const fake = await startFakeGeocoder();
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  fake.answerWith(sendJson([]));
});

const options = { baseUrl: fake.url, userAgent: 'Hora (+http://hora.test)' };

describe('Nominatim adapter', () => {
  it('asks /search for JSON in the visitor language, five at most, naming the marketplace', async () => {
    fake.answerWith(sendJson([NOMINATIM_MADRID]));
    const places = await createNominatimGeocoder(options).predict('madrid', { locale: 'es', limit: 5 });
    expect(fake.requests).toEqual([
      {
        path: '/search',
        query: {
          q: 'madrid',
          format: 'jsonv2',
          addressdetails: '1',
          limit: '5',
          'accept-language': 'es',
        },
        userAgent: 'Hora (+http://hora.test)',
      },
    ]);
    expect(places).toEqual([
      {
        id: 'osm:r5326784',
        address: NOMINATIM_MADRID.display_name,
        origin: { lat: 40.4167047, lng: -3.7035825 },
        bounds: { ne: { lat: 40.6437293, lng: -3.5179163 }, sw: { lat: 40.3120639, lng: -3.8889539 } },
        type: 'city',
        countryCode: 'ES',
      },
    ]);
  });

  it('passes the configured countries and keeps a base URL path', async () => {
    const geocoder = createNominatimGeocoder({
      ...options,
      baseUrl: `${fake.url}/nominatim/`,
      countries: ['ES', 'PT'],
    });
    await geocoder.predict('porto', { locale: 'en', limit: 5 });
    expect(fake.requests[0]).toMatchObject({
      path: '/nominatim/search',
      query: { countrycodes: 'es,pt', 'accept-language': 'en' },
    });
  });

  it('gives an address result the 500 m default bounds when it has none, and drops malformed results', async () => {
    fake.answerWith(
      sendJson([NOMINATIM_HOUSE, { display_name: 'no point' }, { ...NOMINATIM_MADRID, lat: '91' }]),
    );
    const [house, ...rest] = await createNominatimGeocoder(options).predict('calle mayor 5', {
      locale: 'es',
      limit: 5,
    });
    expect(rest).toEqual([]);
    expect(house).toMatchObject({ id: 'osm:n42', type: 'address', countryCode: 'ES' });
    expect(house!.bounds.ne.lat - house!.bounds.sw.lat).toBeCloseTo(500 / 111_195, 5);
  });

  it('resolves an address to its first result, or null when there is none', async () => {
    const geocoder = createNominatimGeocoder(options);
    fake.answerWith(sendJson([NOMINATIM_HOUSE, NOMINATIM_MADRID]));
    expect((await geocoder.resolve('Calle Mayor 5, Madrid', { locale: 'es' }))?.id).toBe('osm:n42');
    expect(fake.requests.at(-1)?.query.limit).toBe('1');
    fake.answerWith(sendJson([]));
    expect(await geocoder.resolve('Nowhere', { locale: 'es' })).toBeNull();
  });
});

describe('Photon adapter', () => {
  it('asks /api with the language and limit, and reads GeoJSON features', async () => {
    fake.answerWith(sendJson({ type: 'FeatureCollection', features: [PHOTON_SEVILLA, PHOTON_HOUSE] }));
    const places = await createPhotonGeocoder(options).predict('sevi', { locale: 'es', limit: 5 });
    expect(fake.requests).toEqual([
      { path: '/api', query: { q: 'sevi', limit: '5', lang: 'es' }, userAgent: 'Hora (+http://hora.test)' },
    ]);
    expect(places[0]).toEqual({
      id: 'osm:r342563',
      address: 'Sevilla, Andalucía, España',
      origin: { lat: 37.3886303, lng: -5.9953403 },
      bounds: { ne: { lat: 37.4529964, lng: -5.8191387 }, sw: { lat: 37.3002036, lng: -6.0329182 } },
      type: 'city',
      countryCode: 'ES',
    });
    expect(places[1]).toMatchObject({ address: 'Calle Mayor 5, Madrid, España', type: 'address' });
  });

  it('asks again without a language the instance was not built with', async () => {
    fake.answerWith((request, response) => {
      if (request.query.lang) return sendJson({ message: 'language not supported' }, 400)(request, response);
      sendJson({ features: [PHOTON_SEVILLA] })(request, response);
    });
    const places = await createPhotonGeocoder(options).predict('sevilla', { locale: 'es', limit: 5 });
    expect(fake.requests.map((request) => request.query.lang)).toEqual(['es', undefined]);
    expect(places).toHaveLength(1);
  });

  it('filters to the configured countries itself, asking for more to fill the limit', async () => {
    fake.answerWith(sendJson({ features: [PHOTON_PORTO, PHOTON_SEVILLA] }));
    const places = await createPhotonGeocoder({ ...options, countries: ['es'] }).predict('o', {
      locale: 'es',
      limit: 1,
    });
    expect(fake.requests[0]?.query.limit).toBe('3');
    expect(places.map((place) => place.countryCode)).toEqual(['ES']);
  });
});

describe('a geocoder that fails', () => {
  const geocoders = {
    nominatim: () => createNominatimGeocoder({ ...options, timeoutMs: 300 }),
    photon: () => createPhotonGeocoder({ ...options, timeoutMs: 300 }),
  };
  const failures = [
    ['a server error', sendJson({ error: 'boom' }, 502)],
    [
      'a body that is not JSON',
      (_request: unknown, response: import('node:http').ServerResponse) => response.end('<html>'),
    ],
    ['JSON of the wrong shape', sendJson({ unexpected: true })],
    ['no answer in time', () => {}],
  ] as const;

  for (const [kind, build] of Object.entries(geocoders)) {
    it.each(failures)(
      `${kind}: %s is 503 geocoder-unavailable, for predictions and resolve`,
      async (_name, answer) => {
        fake.answerWith(answer);
        const geocoder = build();
        for (const call of [
          () => geocoder.predict('madrid', { locale: 'es', limit: 5 }),
          () => geocoder.resolve('Madrid', { locale: 'es' }),
        ]) {
          const error = await call().catch((caught: unknown) => caught);
          expect(error).toBeInstanceOf(AppError);
          expect(error).toMatchObject({ code: 'geocoder-unavailable', status: 503 });
        }
      },
    );
  }

  it('is unavailable when nothing listens at the URL', async () => {
    const closed = await startFakeGeocoder();
    await closed.close();
    const geocoder = createNominatimGeocoder({ ...options, baseUrl: closed.url });
    await expect(geocoder.predict('madrid', { locale: 'es', limit: 5 })).rejects.toMatchObject({
      code: 'geocoder-unavailable',
    });
  });
});

describe('geocoder selection', () => {
  let config: ReturnType<typeof testConfig>;
  beforeAll(() => {
    config = testConfig({ MARKETPLACE_NAME: 'Salas Ñ', PUBLIC_URL: 'https://salas.example' });
  });

  it('is the offline gazetteer unless configured', () => {
    expect(createGeocoder(config).kind).toBe('gazetteer');
  });

  it('builds the configured HTTP geocoder against GEOCODER_URL with the marketplace user agent', async () => {
    const configured = testConfig({
      GEOCODER: 'nominatim',
      GEOCODER_URL: fake.url,
      GEOCODER_COUNTRIES: 'es, pt',
      MARKETPLACE_NAME: 'Salas',
      PUBLIC_URL: 'https://salas.example',
    });
    const geocoder = createGeocoder(configured);
    expect(geocoder.kind).toBe('nominatim');
    await geocoder.predict('madrid', { locale: 'es', limit: 5 });
    expect(fake.requests[0]).toMatchObject({
      userAgent: 'Salas (+https://salas.example)',
      query: { countrycodes: 'es,pt' },
    });
    expect(createGeocoder(testConfig({ GEOCODER: 'photon', GEOCODER_URL: fake.url })).kind).toBe('photon');
  });

  it('keeps the user agent a valid header when the name is not ASCII', () => {
    expect(geocoderUserAgent(config)).toBe('Salas (+https://salas.example)');
  });
});
