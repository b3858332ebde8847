import { describe, expect, it } from 'vitest';
import { CURRENT_LOCATION_ID, GEOLOCATION_OPTIONS, locateViewer } from './current-location.ts';
import { fetchPredictions } from './places-api.ts';

const MADRID = {
  id: 'geonames:3117735',
  address: 'Madrid, Comunidad de Madrid, España',
  origin: { lat: 40.4165, lng: -3.70256 },
  bounds: { ne: { lat: 40.5, lng: -3.5 }, sw: { lat: 40.3, lng: -3.9 } },
  type: 'city',
  countryCode: 'ES',
};

function fakeFetch(answer: () => Response | Promise<Response>) {
  const urls: string[] = [];
  const send = (async (url: string | URL | Request) => {
    urls.push(String(url));
    return answer();
  }) as typeof fetch;
  return { send, urls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('fetchPredictions', () => {
  it('asks the API with the trimmed text and the locale, and reads the places', async () => {
    const fake = fakeFetch(() => json({ data: [MADRID] }));
    expect(await fetchPredictions('  a coruña ', 'es', { send: fake.send })).toEqual({
      ok: true,
      places: [MADRID],
    });
    expect(fake.urls).toEqual(['/api/geocoding/predictions?q=a+coru%C3%B1a&locale=es']);
  });

  it('never sends more than 100 characters', async () => {
    const fake = fakeFetch(() => json({ data: [] }));
    await fetchPredictions('x'.repeat(150), 'en', { send: fake.send });
    expect(new URL(fake.urls[0]!, 'http://h').searchParams.get('q')).toHaveLength(100);
  });

  it.each([
    [
      'the geocoder being down',
      () => json({ errors: [{ code: 'geocoder-unavailable', status: 503 }] }, 503),
      'errors.api.geocoder-unavailable',
    ],
    [
      'too many requests',
      () => json({ errors: [{ code: 'rate-limited', status: 429 }] }, 429),
      'errors.api.rate-limited',
    ],
    [
      'a refused text',
      () => json({ errors: [{ code: 'validation-invalid-params', status: 400, meta: { issues: [] } }] }, 400),
      'errors.api.generic',
    ],
    ['a network failure', () => Promise.reject(new TypeError('offline')), 'places.errors.network'],
    ['an answer that is not JSON', () => new Response('<html>', { status: 502 }), 'errors.api.generic'],
    ['a success without places', () => json({ nope: true }), 'errors.api.generic'],
  ])('turns %s into a message', async (_name, answer, error) => {
    expect(await fetchPredictions('madrid', 'es', { send: fakeFetch(answer).send })).toEqual({
      ok: false,
      error,
    });
  });

  it('rejects when aborted, so an old answer never replaces a newer one', async () => {
    const controller = new AbortController();
    controller.abort();
    const send = (async () => {
      throw new DOMException('aborted', 'AbortError');
    }) as typeof fetch;
    await expect(fetchPredictions('madrid', 'es', { send, signal: controller.signal })).rejects.toThrow(
      'aborted',
    );
  });
});

describe('locateViewer', () => {
  function fakeGeolocation(outcome: { coords: { latitude: number; longitude: number } } | { code: number }) {
    const calls: (PositionOptions | undefined)[] = [];
    const geolocation = {
      getCurrentPosition(
        success: PositionCallback,
        failure?: PositionErrorCallback | null,
        options?: PositionOptions,
      ) {
        calls.push(options);
        if ('coords' in outcome) success(outcome as GeolocationPosition);
        else failure?.(outcome as GeolocationPositionError);
      },
    } as Geolocation;
    return { geolocation, calls };
  }

  it('asks for a fresh, accurate position within 5 s and makes a place of it with 1 km bounds each way', async () => {
    const fake = fakeGeolocation({ coords: { latitude: 40.4, longitude: -3.7 } });
    const result = await locateViewer('Ubicación actual', fake.geolocation);
    expect(fake.calls).toEqual([{ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 }]);
    expect(fake.calls[0]).toEqual(GEOLOCATION_OPTIONS);
    expect(result).toMatchObject({
      ok: true,
      place: { id: CURRENT_LOCATION_ID, address: 'Ubicación actual', origin: { lat: 40.4, lng: -3.7 } },
    });
    const { bounds } = (result as { place: { bounds: { ne: { lat: number }; sw: { lat: number } } } }).place;
    expect((bounds.ne.lat - bounds.sw.lat) * 111_195).toBeCloseTo(2000, -1);
  });

  it.each([
    [1, 'places.currentLocation.denied'],
    [2, 'places.currentLocation.unavailable'],
    [3, 'places.currentLocation.timeout'],
  ])('explains error %i', async (code, error) => {
    expect(await locateViewer('x', fakeGeolocation({ code }).geolocation)).toEqual({ ok: false, error });
  });

  it('says when the browser cannot locate at all', async () => {
    expect(await locateViewer('x', undefined)).toEqual({
      ok: false,
      error: 'places.currentLocation.unsupported',
    });
  });
});
