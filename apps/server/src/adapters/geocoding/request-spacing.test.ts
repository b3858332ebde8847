import { AppError } from '@hora/core/errors';
import { describe, expect, it } from 'vitest';
import { createNominatimGeocoder } from './nominatim.ts';
import { requestSpacing } from './request-spacing.ts';

/** A clock that only moves when the spacing sleeps. */
function fakeTime() {
  let now = 0;
  const slept: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
    slept,
  };
}

describe('requestSpacing', () => {
  it('lets requests through a second apart, waiting for each one’s turn', async () => {
    const time = fakeTime();
    const next = requestSpacing({ intervalMs: 1000, maxWaitMs: 2000, now: time.now, sleep: time.sleep });
    await next();
    expect(time.slept).toEqual([]);
    time.advance(300);
    await next();
    expect(time.slept).toEqual([700]);
    time.advance(1500);
    await next();
    expect(time.slept).toEqual([700]);
  });

  it('refuses at once, as geocoder-unavailable, a request whose turn is too far away', async () => {
    let now = 0;
    const next = requestSpacing({ intervalMs: 1000, maxWaitMs: 2000, now: () => now, sleep: async () => {} });
    // A burst at one instant: turns at 0, 1 s and 2 s; the fourth would wait 3 s.
    await next();
    await next();
    await next();
    const refused = await next().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('geocoder-unavailable');
    // A refused request takes no turn: once time passes, the next one gets in.
    now = 1500;
    await expect(next()).resolves.toBeUndefined();
  });
});

describe('the Nominatim adapter’s spacing', () => {
  const answer = async () => new Response('[]', { headers: { 'content-type': 'application/json' } });

  it('spaces requests to the public instance and not to a self-hosted one', async () => {
    let spaced = 0;
    const spacing = async () => {
      spaced += 1;
    };
    const common = { userAgent: 'Hora (+https://hora.test)', fetch: answer, spacing };
    await createNominatimGeocoder({ ...common, baseUrl: 'https://nominatim.openstreetmap.org' }).predict(
      'Madrid',
      {
        locale: 'es',
        limit: 5,
      },
    );
    expect(spaced).toBe(1);
    // A self-hosted instance given its own spacing uses it; without one it has none (below).
    const own = createNominatimGeocoder({
      userAgent: common.userAgent,
      fetch: answer,
      baseUrl: 'https://geo.hora.test',
    });
    const started = performance.now();
    for (let i = 0; i < 3; i += 1) await own.predict('Madrid', { locale: 'es', limit: 5 });
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('makes the public instance’s second request in a row wait about a second', async () => {
    const geocoder = createNominatimGeocoder({
      userAgent: 'Hora (+https://hora.test)',
      fetch: answer,
      baseUrl: 'https://nominatim.openstreetmap.org/',
    });
    const started = performance.now();
    await geocoder.predict('Madrid', { locale: 'es', limit: 5 });
    await geocoder.predict('Madrid', { locale: 'es', limit: 5 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });
});
