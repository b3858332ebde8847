import { describe, expect, it } from 'vitest';
import { fakeContext, HOST_ID, LISTING_ID, listing } from '../listing-page/listing.fixture.ts';
import { loadManageListings, runManageAction } from './manage-listings-data.ts';

const meta = (page: number, totalPages: number, totalItems: number) => ({
  page,
  perPage: 42,
  totalItems,
  totalPages,
});

async function outcome<T>(run: () => Promise<T>): Promise<T | Response | { status: number }> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    return { status: (thrown as { init: { status: number } }).init.status };
  }
}

describe('loadManageListings', () => {
  const get = (search = '') => new Request(`http://hora.test/listings${search}`);

  it('asks the API for the page in the query', async () => {
    const { context, calls } = fakeContext(HOST_ID, {
      '/api/own-listings': { status: 200, body: { data: [listing()], meta: meta(2, 3, 90) } },
    });
    expect(await loadManageListings(get('?page=2'), context)).toEqual({
      page: 2,
      result: { listings: [listing()], meta: meta(2, 3, 90) },
    });
    expect(calls).toEqual(['/api/own-listings?page=2']);
  });

  it('makes a failed query a state of the page, not an error page', async () => {
    const { context } = fakeContext(HOST_ID, { '/api/own-listings': { status: 500, body: null } });
    expect(await loadManageListings(get(), context)).toEqual({ page: 1, result: null });
  });

  it('sends a page past the last one to the last one', async () => {
    const { context } = fakeContext(HOST_ID, {
      '/api/own-listings': { status: 200, body: { data: [], meta: meta(9, 3, 90) } },
    });
    const response = (await outcome(() => loadManageListings(get('?page=9'), context))) as Response;
    expect(response.headers.get('location')).toBe('/listings?page=3');
  });

  it('shows page 1 of nothing as it is (no listings yet)', async () => {
    const { context } = fakeContext(HOST_ID, {
      '/api/own-listings': { status: 200, body: { data: [], meta: meta(1, 0, 0) } },
    });
    expect(await loadManageListings(get(), context)).toMatchObject({ page: 1, result: { listings: [] } });
  });

  it('sends a visitor to log in', async () => {
    const { context, calls } = fakeContext(null, {});
    const response = (await outcome(() => loadManageListings(get('?page=2'), context))) as Response;
    expect(response.headers.get('location')).toBe(
      `/login?returnTo=${encodeURIComponent('/listings?page=2')}`,
    );
    expect(calls).toEqual([]);
  });
});

describe('runManageAction', () => {
  const post = (fields: Record<string, string>) =>
    new Request('http://hora.test/listings?page=2', { method: 'POST', body: new URLSearchParams(fields) });

  it.each(['open', 'close'] as const)(
    '%ss the listing through the API and names it in the answer',
    async (action) => {
      const { context, calls } = fakeContext(HOST_ID, {
        [`/api/own-listings/${LISTING_ID}/${action}`]: { status: 200, body: { data: listing() } },
      });
      const answer = await runManageAction(post({ intent: action, listingId: LISTING_ID }), context);
      expect(answer.data).toEqual({ listingId: LISTING_ID, action, ok: true });
      expect(calls).toEqual([`POST /api/own-listings/${LISTING_ID}/${action}`]);
    },
  );

  it('answers a refusal with the listing, the action and the text of the API’s code', async () => {
    const { context } = fakeContext(HOST_ID, {
      [`/api/own-listings/${LISTING_ID}/close`]: {
        status: 403,
        body: { errors: [{ id: 'e', status: 403, code: 'forbidden', title: 'Forbidden' }] },
      },
    });
    const answer = await runManageAction(post({ intent: 'close', listingId: LISTING_ID }), context);
    expect(answer.init?.status).toBe(403);
    expect(answer.data).toEqual({
      listingId: LISTING_ID,
      action: 'close',
      ok: false,
      error: 'errors.api.forbidden',
    });
  });

  it('falls back to the generic text for an answer without a known code', async () => {
    const { context } = fakeContext(HOST_ID, {
      [`/api/own-listings/${LISTING_ID}/open`]: { status: 502, body: null },
    });
    const answer = await runManageAction(post({ intent: 'open', listingId: LISTING_ID }), context);
    expect(answer.data).toMatchObject({ ok: false, error: 'errors.api.generic' });
  });

  it.each([
    [{ intent: 'delete', listingId: LISTING_ID }],
    [{ intent: 'close', listingId: '../account' }],
    [{ intent: 'close' }],
  ])('refuses a form that names no known action and listing (%j) without calling the API', async (fields) => {
    const { context, calls } = fakeContext(HOST_ID, {});
    expect(await outcome(() => runManageAction(post(fields), context))).toMatchObject({ status: 400 });
    expect(calls).toEqual([]);
  });
});
