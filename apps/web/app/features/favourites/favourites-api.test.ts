import { describe, expect, it } from 'vitest';
import { fakeContext, GUEST_ID, LISTING_ID } from '../listing-page/listing.fixture.ts';
import { favouritedIds } from './favourites-api.ts';

const OTHER = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

describe('favouritedIds', () => {
  it('is empty for visitors without calling the API', async () => {
    const { context, calls } = fakeContext(null, {});
    expect(await favouritedIds(context.api, [LISTING_ID], false)).toEqual(new Set());
    expect(calls).toEqual([]);
  });

  it('asks once for the distinct ids of the page and answers those favourited', async () => {
    const { context, calls } = fakeContext(GUEST_ID, {
      '/api/favourites/ids': { status: 200, body: { data: [OTHER] } },
    });
    expect(await favouritedIds(context.api, [LISTING_ID, OTHER, LISTING_ID], true)).toEqual(new Set([OTHER]));
    expect(calls).toEqual([`/api/favourites/ids?listingIds=${LISTING_ID},${OTHER}`]);
  });

  it('shows every heart empty rather than failing the page when the call fails, and skips an empty page', async () => {
    const { context, calls } = fakeContext(GUEST_ID, { '/api/favourites/ids': { status: 500, body: null } });
    expect(await favouritedIds(context.api, [LISTING_ID], true)).toEqual(new Set());
    expect(await favouritedIds(context.api, [], true)).toEqual(new Set());
    expect(calls).toHaveLength(1);
  });
});
