import { randomUUID } from 'node:crypto';
import { PAGE_SIZES } from '@hora/core/config';
import type { ListingCardView, PaginationMeta } from '@hora/core/listing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listings, users } from '../src/db/schema/index.ts';
import { browser, errorCode, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, createDraft, type HostingApp, publishedListing, signUp } from './listings.ts';

const database = await createTestDatabase();
let hosting: HostingApp;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
});

function get(userId: string, query = '', viewer?: TestUser) {
  return hosting.app.inject({
    method: 'GET',
    url: `/api/users/${userId}/listings${query}`,
    headers: browser(viewer?.cookie),
  });
}

async function list(userId: string, page?: number, viewer?: TestUser) {
  const response = await get(userId, page === undefined ? '' : `?page=${page}`, viewer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: ListingCardView[]; meta: PaginationMeta };
}

/** `count` published listings of the host made a minute apart, oldest first; their ids newest first. */
async function bulkPublished(host: TestUser, count: number): Promise<string[]> {
  const rows = await database.db
    .insert(listings)
    .values(
      Array.from({ length: count }, (_, i) => ({
        authorId: host.id,
        state: 'published',
        title: `Sala ${i}`,
        description: 'Una sala.',
        createdAt: new Date(Date.UTC(2026, 3, 1, 10, i)),
      })),
    )
    .returning({ id: listings.id });
  return rows.map((row) => row.id).reverse();
}

describe('a person’s published listings (GET /api/users/:id/listings)', () => {
  it('shows only published listings, as the search’s cards, to visitors and to the owner alike', async () => {
    const host = await signUp(hosting.app, { firstName: 'Lucía', lastName: 'Martín' });
    const published = await publishedListing(hosting, host);
    await createDraft(hosting.app, host);
    const pending = await publishedListing(hosting, host);
    await database.db.update(listings).set({ state: 'pendingApproval' }).where(eq(listings.id, pending.id));
    const closed = await publishedListing(hosting, host);
    await database.db.update(listings).set({ state: 'closed' }).where(eq(listings.id, closed.id));

    for (const viewer of [undefined, host, await signUp(hosting.app)]) {
      const page = await list(host.id, undefined, viewer);
      expect(page.meta).toEqual({ page: 1, perPage: 12, totalItems: 1, totalPages: 1 });
      expect(page.data.map((card) => card.id)).toEqual([published.id]);
    }
    const [card] = (await list(host.id)).data;
    expect(card).toMatchObject({
      id: published.id,
      title: published.title,
      price: expect.objectContaining({ currency: 'EUR' }),
      capacity: 12,
      premium: false,
    });
    expect(card?.image).not.toBeNull();
  });

  it('pages 12 at a time, newest first, with the totals', async () => {
    const host = await signUp(hosting.app);
    const newestFirst = await bulkPublished(host, 14);
    expect(PAGE_SIZES.hostListings).toBe(12);

    const first = await list(host.id);
    expect(first.meta).toEqual({ page: 1, perPage: 12, totalItems: 14, totalPages: 2 });
    expect(first.data.map((card) => card.id)).toEqual(newestFirst.slice(0, 12));
    const second = await list(host.id, 2);
    expect(second.meta).toEqual({ page: 2, perPage: 12, totalItems: 14, totalPages: 2 });
    expect(second.data.map((card) => card.id)).toEqual(newestFirst.slice(12));
    // Past the last page: no cards, the same totals.
    const past = await list(host.id, 3);
    expect(past).toEqual({ data: [], meta: { page: 3, perPage: 12, totalItems: 14, totalPages: 2 } });
  });

  it('answers an empty list for a person with no published listing', async () => {
    const renter = await signUp(hosting.app);
    await createDraft(hosting.app, renter);
    expect(await list(renter.id)).toEqual({
      data: [],
      meta: { page: 1, perPage: 12, totalItems: 0, totalPages: 0 },
    });
  });

  it('is not found for a banned or deleted person, even with published listings, and for an unknown id', async () => {
    const banned = await signUp(hosting.app);
    await bulkPublished(banned, 2);
    await database.db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
    const deleted = await signUp(hosting.app);
    await bulkPublished(deleted, 2);
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));

    for (const id of [banned.id, deleted.id, randomUUID()]) {
      const response = await get(id);
      expect(response.statusCode, id).toBe(404);
      expect(errorCode(response)).toBe('not-found');
    }
    // Once unbanned, the profile and its listings are back.
    await database.db.update(users).set({ banned: false }).where(eq(users.id, banned.id));
    expect((await list(banned.id)).meta.totalItems).toBe(2);
  });

  it('refuses a page that is not a whole number from 1 to 10 000, and an id that is not a uuid, with 400', async () => {
    const host = await signUp(hosting.app);
    for (const page of ['0', '-1', '1.5', 'dos', '10001']) {
      const response = await get(host.id, `?page=${page}`);
      expect(response.statusCode, page).toBe(400);
      expect(errorCode(response)).toBe('validation-invalid-params');
    }
    const notUuid = await get('not-a-uuid');
    expect(notUuid.statusCode).toBe(400);
    expect(errorCode(notUuid)).toBe('validation-invalid-params');
  });
});
