import type { Place } from '@hora/core/geo';
import { describe, expect, it } from 'vitest';
import type { ApiResult, WebContext } from '../../context.ts';
import { resolveSearchAddress } from './resolve-address.server.ts';

const SEVILLA: Place = {
  id: '2510911',
  address: 'Sevilla, Andalucía, España',
  origin: { lat: 37.38283, lng: -5.97317 },
  bounds: { ne: { lat: 37.45, lng: -5.9 }, sw: { lat: 37.3, lng: -6.05 } },
  type: 'city',
  countryCode: 'ES',
};

function api(answer: { status: number; data: unknown } | Error) {
  const paths: string[] = [];
  const call = (async <T>(path: string): Promise<ApiResult<T>> => {
    paths.push(path);
    if (answer instanceof Error) throw answer;
    return { status: answer.status, data: answer.data as T, cookies: [] };
  }) as WebContext['api'];
  return { call, paths };
}

describe('resolveSearchAddress', () => {
  it('gives typed text the bounds of the geocoder’s first place, keeping the rest of the search', async () => {
    const { call, paths } = api({ status: 200, data: { data: [SEVILLA] } });
    const result = await resolveSearchAddress(call, { address: 'sevilla', keywords: 'sala', page: 3 }, 'en');
    expect(paths).toEqual(['/api/geocoding/predictions?q=sevilla&locale=en']);
    expect(result).toEqual({
      status: 'resolved',
      place: SEVILLA,
      query: { address: SEVILLA.address, bounds: SEVILLA.bounds, keywords: 'sala' },
    });
  });

  it('asks nothing when there is no address or the bounds came with it', async () => {
    const { call, paths } = api({ status: 200, data: { data: [SEVILLA] } });
    const withBounds = { address: 'Sevilla', bounds: SEVILLA.bounds };
    expect(await resolveSearchAddress(call, withBounds, 'es')).toEqual({
      status: 'unchanged',
      query: withBounds,
    });
    expect(await resolveSearchAddress(call, { keywords: 'sala' }, 'es')).toEqual({
      status: 'unchanged',
      query: { keywords: 'sala' },
    });
    expect(paths).toEqual([]);
  });

  it('tells a place nobody knows from a geocoder that did not answer', async () => {
    const query = { address: 'Xyzzy' };
    expect(await resolveSearchAddress(api({ status: 200, data: { data: [] } }).call, query, 'es')).toEqual({
      status: 'not-found',
      query,
    });
    for (const answer of [
      { status: 503, data: { errors: [{ code: 'geocoder-unavailable' }] } },
      new Error('down'),
    ]) {
      expect(await resolveSearchAddress(api(answer).call, query, 'es')).toEqual({
        status: 'unavailable',
        query,
      });
    }
  });
});
