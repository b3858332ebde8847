import { AppError } from '@hora/core/errors';
import { describe, expect, it } from 'vitest';
import type { Geocoder, PredictOptions } from '../src/adapters/geocoding/index.ts';
import { TestClock } from '../src/clock.ts';
import { PREDICTIONS_PER_IP } from '../src/modules/geocoding/routes.ts';
import { buildTestApp } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
// The real offline gazetteer: the default every fresh clone runs with.
const app = await buildTestApp(database.db);

const predictions = (query: string, remoteAddress = '203.0.113.1') =>
  app.inject({ method: 'GET', url: `/api/geocoding/predictions?${query}`, remoteAddress });

describe('GET /api/geocoding/predictions', () => {
  it('answers up to five places in the asked language, cacheable by anyone for a while', async () => {
    const response = await predictions('q=sevi&locale=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    const { data } = response.json();
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(5);
    expect(data[0]).toMatchObject({
      id: 'geonames:2510911',
      address: 'Seville, Andalusia, Spain',
      origin: { lat: 37.38283, lng: -5.97317 },
      type: 'city',
      countryCode: 'ES',
    });
    expect(data[0].bounds.ne.lat).toBeGreaterThan(data[0].bounds.sw.lat);
  });

  it('speaks the marketplace language when no locale is given', async () => {
    const response = await predictions(`q=${encodeURIComponent('a coruña')}`);
    expect(response.json().data[0].address).toBe('A Coruña, Galicia, España');
  });

  it('answers an empty list for text that names no place', async () => {
    const response = await predictions('q=xqzwv');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it.each([
    ['no query', ''],
    ['an empty query', 'q='],
    ['only spaces', 'q=%20%20%20'],
    ['101 characters', `q=${'a'.repeat(101)}`],
    ['a control character', 'q=mad%00rid'],
    ['an unknown locale', 'q=madrid&locale=fr'],
    ['a repeated query', 'q=madrid&q=sevilla'],
  ])('refuses %s with 400 validation-invalid-params, never 500', async (_name, query) => {
    const response = await predictions(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ status: 400, code: 'validation-invalid-params' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('accepts 100 characters', async () => {
    expect((await predictions(`q=${'a'.repeat(100)}`)).statusCode).toBe(200);
  });
});

const calls: { query: string; options: PredictOptions }[] = [];
const failing: Geocoder = {
  kind: 'nominatim',
  async predict(query, options) {
    calls.push({ query, options });
    if (query === 'down') throw new AppError('geocoder-unavailable');
    return [];
  },
  resolve: async () => null,
};
// A still clock, so the rate limit's fixed minute cannot roll over between the limit test's requests.
const stubbed = await buildTestApp(
  database.db,
  { GEOCODER_COUNTRIES: 'ES,PT' },
  { geocoder: failing, clock: new TestClock('2026-03-02T10:00:30Z') },
);
const ask = (query: string, remoteAddress: string) =>
  stubbed.inject({ method: 'GET', url: `/api/geocoding/predictions?q=${query}&locale=en`, remoteAddress });

describe('predictions with a geocoder that fails or is hammered', () => {
  it('asks the geocoder for five places in the configured countries', async () => {
    await ask('%20porto%20', '198.51.100.1');
    expect(calls.at(-1)).toEqual({
      query: 'porto',
      options: { locale: 'en', limit: 5, countries: ['ES', 'PT'] },
    });
  });

  it('answers 503 geocoder-unavailable, not cached, when the geocoder is down', async () => {
    const response = await ask('down', '198.51.100.2');
    expect(response.statusCode).toBe(503);
    expect(response.json().errors[0]).toMatchObject({ code: 'geocoder-unavailable', status: 503 });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it(`limits one client to ${PREDICTIONS_PER_IP.max} predictions a minute`, async () => {
    const client = '198.51.100.3';
    for (let i = 0; i < PREDICTIONS_PER_IP.max; i += 1) {
      expect((await ask(`q${i}`, client)).statusCode).toBe(200);
    }
    const refused = await ask('one-more', client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe('rate-limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not held back by it.
    expect((await ask('madrid', '198.51.100.4')).statusCode).toBe(200);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('counts a client by the address its proxy appended, whatever it wrote before it', async () => {
    const behindProxy = await buildTestApp(
      database.db,
      { TRUST_PROXY: 'true' },
      { geocoder: failing, clock: new TestClock('2026-03-02T10:00:30Z') },
    );
    // Through the proxy at 127.0.0.1, which appends the address it saw to what the client sent.
    const through = (query: string, forwardedFor: string) =>
      behindProxy.inject({
        method: 'GET',
        url: `/api/geocoding/predictions?q=${query}&locale=en`,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < PREDICTIONS_PER_IP.max; i += 1) {
      expect((await through(`q${i}`, `10.0.0.${i}, 198.51.100.20`)).statusCode).toBe(200);
    }
    // A new address of its own choosing in front does not make it someone else.
    const refused = await through('one-more', '10.9.9.9, 198.51.100.20');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe('rate-limited');
    expect((await through('madrid', '10.9.9.9, 198.51.100.21')).statusCode).toBe(200);
  });
});
