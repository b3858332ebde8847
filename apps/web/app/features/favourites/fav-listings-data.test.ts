import { describe, expect, it } from 'vitest';
import { fakeContext, GUEST_ID } from '../listing-page/listing.fixture.ts';
import { loadFavListings } from './fav-listings-data.ts';

const meta = (page: number, totalPages: number, totalItems: number) => ({
  page,
  perPage: 24,
  totalItems,
  totalPages,
});

const get = (search = '') => new Request(`http://hora.test/favListings${search}`);

async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    return error as Response;
  }
  throw new Error('expected a redirect');
}

describe('loadFavListings', () => {
  it('asks the API for the page in the query', async () => {
    const { context, calls } = fakeContext(GUEST_ID, {
      '/api/favourites': { status: 200, body: { data: [], meta: meta(2, 3, 60) } },
    });
    expect(await loadFavListings(get('?page=2'), context)).toEqual({
      page: 2,
      result: { listings: [], meta: meta(2, 3, 60) },
    });
    expect(calls).toEqual(['/api/favourites?page=2']);
  });

  it('reads a page that is not a whole number from 1 as page 1', async () => {
    const { context, calls } = fakeContext(GUEST_ID, {
      '/api/favourites': { status: 200, body: { data: [], meta: meta(1, 0, 0) } },
    });
    await loadFavListings(get('?page=-3'), context);
    expect(calls).toEqual(['/api/favourites?page=1']);
  });

  it('makes a failed query a state of the page', async () => {
    const { context } = fakeContext(GUEST_ID, { '/api/favourites': { status: 500, body: null } });
    expect(await loadFavListings(get(), context)).toEqual({ page: 1, result: null });
  });

  it('sends a page past the last one to the last one', async () => {
    const { context } = fakeContext(GUEST_ID, {
      '/api/favourites': { status: 200, body: { data: [], meta: meta(7, 2, 30) } },
    });
    const response = await thrown(() => loadFavListings(get('?page=7'), context));
    expect(response.headers.get('location')).toBe('/favListings?page=2');
  });

  it('sends a visitor to log in, coming back to the page, without calling the API', async () => {
    const { context, calls } = fakeContext(null, {});
    const response = await thrown(() => loadFavListings(get('?page=2'), context));
    expect(response.headers.get('location')).toBe(
      `/login?returnTo=${encodeURIComponent('/favListings?page=2')}`,
    );
    expect(calls).toEqual([]);
  });
});
