import type { ListingCardView } from '@hora/core/listing';
import { describe, expect, it } from 'vitest';
import type { ApiResult, WebContext } from '../../context.ts';
import { createLandingListingsCache, loadLandingListings } from './landing-listings.server.ts';

const BOUNDS = {
  Madrid: '40.56598,-3.52464,40.31206,-3.83406',
  Barcelona: '41.46954,2.22802,41.32004,2.05245',
  Valencia: '39.56684,-0.27253,39.27838,-0.43254',
};

const listing = (id: string) => ({ id, title: `Espacio ${id}` }) as ListingCardView;

/** The API answers each search from `answer`, but only when the test releases the calls. */
function fakeApi(answer: (params: URLSearchParams) => { status: number; data: unknown } | 'throw') {
  const calls: URLSearchParams[] = [];
  const waiting: (() => void)[] = [];
  const api = (async <T>(path: string): Promise<ApiResult<T>> => {
    const url = new URL(path, 'http://hora.test');
    expect(url.pathname).toBe('/api/listings');
    calls.push(url.searchParams);
    await new Promise<void>((resolve) => waiting.push(resolve));
    const result = answer(url.searchParams);
    if (result === 'throw') throw new Error('API down');
    return { status: result.status, data: result.data as T, cookies: [] };
  }) as WebContext['api'];
  const release = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { api, calls, release };
}

const page = (data: ListingCardView[], totalItems: number) => ({
  status: 200,
  data: { data, meta: { page: 1, perPage: data.length, totalItems, totalPages: totalItems } },
});

const healthy = (params: URLSearchParams) => {
  const bounds = params.get('bounds');
  if (bounds === BOUNDS.Madrid) return page([listing('m')], 1234);
  if (bounds === BOUNDS.Barcelona) return page([listing('b')], 1);
  if (bounds === BOUNDS.Valencia) return page([], 0);
  return page(['1', '2', '3', '4', '5', '6', '7', '8'].map(listing), 900);
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loadLandingListings', () => {
  it('asks for the newest 8 and the three city counts at once', async () => {
    const { api, calls, release } = fakeApi(healthy);
    const loading = loadLandingListings(api);
    await tick();
    // All four searches are in flight before any has answered.
    expect(calls.map((params) => Object.fromEntries(params))).toEqual([
      { perPage: '8' },
      { bounds: BOUNDS.Madrid, perPage: '1' },
      { bounds: BOUNDS.Barcelona, perPage: '1' },
      { bounds: BOUNDS.Valencia, perPage: '1' },
    ]);
    release();
    const { value, complete } = await loading;
    expect(complete).toBe(true);
    expect(value.counts).toEqual({ Madrid: 1234, Barcelona: 1, Valencia: 0 });
    expect(value.featured.map((card) => card.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('leaves out what failed (an error answer, a thrown call) and still answers', async () => {
    const { api, release } = fakeApi((params) => {
      if (params.get('bounds') === BOUNDS.Barcelona) return { status: 500, data: { errors: [] } };
      if (params.get('bounds') === BOUNDS.Valencia) return 'throw';
      if (!params.has('bounds')) return { status: 400, data: { errors: [{ code: 'invalid' }] } };
      return healthy(params);
    });
    const loading = loadLandingListings(api);
    await tick();
    release();
    const { value, complete } = await loading;
    expect(complete).toBe(false);
    expect(value).toEqual({ counts: { Madrid: 1234, Barcelona: null, Valencia: null }, featured: [] });
  });
});

describe('createLandingListingsCache', () => {
  it('keeps a complete answer for the time given, then serves it while one refresh runs', async () => {
    let time = 0;
    const landing = createLandingListingsCache({ ttlMs: 60_000, now: () => time });
    const { api, calls, release } = fakeApi(healthy);
    const first = landing(api);
    await tick();
    release();
    expect((await first).counts.Madrid).toBe(1234);
    expect(calls).toHaveLength(4);

    time = 59_999;
    expect((await landing(api)).counts.Madrid).toBe(1234);
    expect(calls).toHaveLength(4);

    time = 60_000;
    // Old: answered at once from what was kept while a single refresh asks again.
    expect((await landing(api)).counts.Madrid).toBe(1234);
    expect((await landing(api)).counts.Madrid).toBe(1234);
    await tick();
    expect(calls).toHaveLength(8);
    release();
    await tick();
    time = 60_001;
    await landing(api);
    expect(calls).toHaveLength(8);
  });

  it('does not keep a partial answer: the next visit asks again', async () => {
    let failing = true;
    const landing = createLandingListingsCache({ now: () => 0 });
    const { api, calls, release } = fakeApi((params) =>
      failing && params.get('bounds') === BOUNDS.Madrid ? { status: 503, data: null } : healthy(params),
    );
    const first = landing(api);
    await tick();
    release();
    expect((await first).counts.Madrid).toBeNull();
    failing = false;
    const second = landing(api);
    await tick();
    expect(calls).toHaveLength(8);
    release();
    expect((await second).counts.Madrid).toBe(1234);
  });
});
