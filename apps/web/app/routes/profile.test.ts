import type { ListingCardView, PaginationMeta } from '@hora/core/listing';
import { describe, expect, it } from 'vitest';
import type { ApiResult, WebContext } from '../context.ts';
import type { PublicUser } from '../features/account/public-profile.ts';
import { listingCard } from '../features/listing-card/card.fixture.ts';
import type { Route } from './+types/profile';
import { loader } from './profile.tsx';

const ID = '6b1f8a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const PERSON: PublicUser = {
  id: ID,
  banned: false,
  deleted: false,
  displayName: 'Marta S.',
  abbreviatedName: 'MS',
  bio: null,
  instagram: null,
  tiktok: null,
  avatar: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const NO_REVIEWS = {
  data: [],
  meta: { page: 1, perPage: 10, totalItems: 0, totalPages: 0, averageRating: null },
};

/** Fourteen published listings: two pages of 12. */
const LISTINGS: { data: ListingCardView[]; meta: PaginationMeta } = {
  data: [listingCard()],
  meta: { page: 1, perPage: 12, totalItems: 14, totalPages: 2 },
};

function load(
  user: PublicUser,
  options: { query?: string; listings?: ApiResult<unknown>['data'] | null; viewerId?: string } = {},
) {
  const calls: string[] = [];
  const api = (async <T>(path: string): Promise<ApiResult<T>> => {
    calls.push(path);
    if (path.startsWith('/api/reviews')) return { status: 200, data: NO_REVIEWS as T, cookies: [] };
    if (path.startsWith(`/api/users/${ID}/listings`)) {
      const listings = options.listings === undefined ? LISTINGS : options.listings;
      return listings === null
        ? { status: 500, data: null as T, cookies: [] }
        : { status: 200, data: listings as T, cookies: [] };
    }
    return { status: 200, data: user as T, cookies: [] };
  }) as WebContext['api'];
  const page = loader({
    request: new Request(`http://localhost/u/${ID}${options.query ?? ''}`),
    params: { id: ID },
    context: { api, viewer: options.viewerId ? { id: options.viewerId } : null },
  } as unknown as Route.LoaderArgs);
  return { page, calls };
}

async function thrownBy(promise: Promise<unknown>): Promise<{ status?: number; location?: string | null }> {
  try {
    await promise;
    return {};
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get('Location') };
    return { status: (thrown as { init?: { status?: number } }).init?.status };
  }
}

describe('profile page /u/:id', () => {
  it('shows an active person with their published listings and review lists, read in one round', async () => {
    const { page, calls } = load(PERSON);
    const data = await page;
    expect(data.view).toMatchObject({ kind: 'active', name: 'Marta S.' });
    expect(data.listings).toEqual({ listings: LISTINGS.data, meta: LISTINGS.meta });
    expect(data.reviews.asHost?.meta.totalItems).toBe(0);
    expect(data.isOwner).toBe(false);
    expect(calls).toEqual([
      `/api/users/${ID}`,
      `/api/users/${ID}/listings?page=1`,
      `/api/reviews?subjectId=${ID}&type=ofProvider&page=1`,
      `/api/reviews?subjectId=${ID}&type=ofCustomer&page=1`,
    ]);
  });

  it('knows its owner', async () => {
    expect((await load(PERSON, { viewerId: ID }).page).isOwner).toBe(true);
  });

  it('asks for the listings page of `hostListings`, leaving the review lists on theirs', async () => {
    const { page, calls } = load(PERSON, { query: '?hostListings=2&hostReviews=3' });
    await page;
    expect(calls).toContain(`/api/users/${ID}/listings?page=2`);
    expect(calls).toContain(`/api/reviews?subjectId=${ID}&type=ofProvider&page=3`);
    expect(calls).toContain(`/api/reviews?subjectId=${ID}&type=ofCustomer&page=1`);
    for (const bad of ['0', '-2', '1.5', 'dos', '10001']) {
      const { page: badPage, calls: badCalls } = load(PERSON, { query: `?hostListings=${bad}` });
      await badPage;
      expect(badCalls, bad).toContain(`/api/users/${ID}/listings?page=1`);
    }
  });

  it('goes to the last listings page from one past it, keeping the other parameters', async () => {
    const past = load(PERSON, {
      query: '?hostListings=5&renterReviews=2',
      listings: { data: [], meta: { page: 5, perPage: 12, totalItems: 14, totalPages: 2 } },
    });
    expect(await thrownBy(past.page)).toEqual({
      status: 302,
      location: `/u/${ID}?hostListings=2&renterReviews=2#host-listings`,
    });
    // No listing at all: the first page is the only one, and it says so.
    const none = load(PERSON, {
      query: '?hostListings=3',
      listings: { data: [], meta: { page: 3, perPage: 12, totalItems: 0, totalPages: 0 } },
    });
    expect((await none.page).listings?.meta.totalItems).toBe(0);
  });

  it('still shows the person when their listings could not be read', async () => {
    const data = await load(PERSON, { listings: null }).page;
    expect(data.view.kind).toBe('active');
    expect(data.listings).toBeNull();
  });

  it('is the not-found page for banned and deleted people', async () => {
    expect((await thrownBy(load({ ...PERSON, banned: true, displayName: null }).page)).status).toBe(404);
    expect((await thrownBy(load({ ...PERSON, deleted: true, displayName: null }).page)).status).toBe(404);
  });
});
