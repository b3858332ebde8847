import { randomUUID } from 'node:crypto';
import { FAVOURITES } from '@hora/core/config';
import type { OwnListingView } from '@hora/core/listing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { favourites, listings } from '../src/db/schema/index.ts';
import { browser, errorCode, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, createDraft, type HostingApp, publishedListing, signUp } from './listings.ts';

const database = await createTestDatabase();
let hosting: HostingApp;
let host: TestUser;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
  host = await signUp(hosting.app, { firstName: 'Jordi', lastName: 'Puig' });
});

function put(user: TestUser | null, listingId: string) {
  return hosting.app.inject({
    method: 'PUT',
    url: `/api/favourites/${listingId}`,
    headers: browser(user?.cookie),
  });
}

function remove(user: TestUser | null, listingId: string) {
  return hosting.app.inject({
    method: 'DELETE',
    url: `/api/favourites/${listingId}`,
    headers: browser(user?.cookie),
  });
}

async function list(user: TestUser, page = 1) {
  const response = await hosting.app.inject({
    method: 'GET',
    url: `/api/favourites?page=${page}`,
    headers: browser(user.cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { id: string }[];
    meta: { page: number; perPage: number; totalItems: number; totalPages: number };
  };
}

function ids(user: TestUser | null, listingIds: string) {
  return hosting.app.inject({
    method: 'GET',
    url: `/api/favourites/ids?listingIds=${listingIds}`,
    headers: browser(user?.cookie),
  });
}

async function setState(listing: { id: string }, state: string) {
  await database.db.update(listings).set({ state }).where(eq(listings.id, listing.id));
}

describe('favourites', () => {
  it('adds and removes a favourite, both idempotent', async () => {
    const guest = await signUp(hosting.app);
    const listing = await publishedListing(hosting, host);
    const first = await put(guest, listing.id);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect((await put(guest, listing.id)).statusCode).toBe(204);
    const added = await list(guest);
    expect(added.data.map((card) => card.id)).toEqual([listing.id]);
    expect(added.meta.totalItems).toBe(1);

    expect((await remove(guest, listing.id)).statusCode).toBe(204);
    expect((await remove(guest, listing.id)).statusCode).toBe(204);
    expect((await list(guest)).data).toEqual([]);
  });

  it('answers 401 to visitors on every entry point', async () => {
    const listing = await publishedListing(hosting, host);
    expect((await put(null, listing.id)).statusCode).toBe(401);
    expect((await remove(null, listing.id)).statusCode).toBe(401);
    expect((await ids(null, listing.id)).statusCode).toBe(401);
    const page = await hosting.app.inject({ method: 'GET', url: '/api/favourites', headers: browser() });
    expect(page.statusCode).toBe(401);
    expect(errorCode(page)).toBe('unauthorized');
  });

  it('refuses with 404 a listing that is unknown, a draft or waiting for approval; takes a closed one and the viewer’s own', async () => {
    const guest = await signUp(hosting.app);
    const draft = await createDraft(hosting.app, host);
    const draftAnswer = await put(guest, draft.id);
    expect(draftAnswer.statusCode).toBe(404);
    expect(errorCode(draftAnswer)).toBe('not-found');
    const pending = await publishedListing(hosting, host);
    await setState(pending, 'pendingApproval');
    expect((await put(guest, pending.id)).statusCode).toBe(404);
    expect((await put(guest, randomUUID())).statusCode).toBe(404);
    expect((await put(guest, 'not-a-uuid')).statusCode).toBe(400);

    const closed = await publishedListing(hosting, host);
    await setState(closed, 'closed');
    expect((await put(guest, closed.id)).statusCode).toBe(204);
    const own = await publishedListing(hosting, host);
    expect((await put(host, own.id)).statusCode).toBe(204);
    expect((await list(guest)).data.map((card) => card.id)).toEqual([closed.id]);
  });

  it('keeps at most 1000 favourites a person (409 beyond), and a removal makes room', async () => {
    const collector = await signUp(hosting.app);
    const rows = Array.from({ length: FAVOURITES.max }, (_, i) => ({
      authorId: host.id,
      state: 'published',
      title: `Sala ${i}`,
      description: 'Una sala.',
    }));
    const inserted = await database.db.insert(listings).values(rows).returning({ id: listings.id });
    await database.db
      .insert(favourites)
      .values(inserted.slice(1).map((row) => ({ userId: collector.id, listingId: row.id })));
    const last = inserted[0]!;
    expect((await put(collector, last.id)).statusCode).toBe(204);
    // Adding one already kept is not a new favourite, so it is still fine at the limit.
    expect((await put(collector, last.id)).statusCode).toBe(204);
    const extra = await publishedListing(hosting, host);
    const refused = await put(collector, extra.id);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('favourites-limit-reached');
    expect(refused.json().errors[0].meta).toEqual({ max: 1000 });

    expect((await remove(collector, last.id)).statusCode).toBe(204);
    expect((await put(collector, extra.id)).statusCode).toBe(204);
  });

  it('lists newest favourite first, 24 a page, with the totals', async () => {
    const guest = await signUp(hosting.app);
    const made: OwnListingView[] = [];
    for (let i = 0; i < 3; i += 1) made.push(await publishedListing(hosting, host));
    const more = await database.db
      .insert(listings)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          authorId: host.id,
          state: 'published',
          title: `Sala ${i}`,
          description: 'Una sala.',
        })),
      )
      .returning({ id: listings.id });
    // Favourited a minute apart, oldest first: the bulk ones, then made[0..2].
    const order = [...more.map((row) => row.id), ...made.map((listing) => listing.id)];
    await database.db.insert(favourites).values(
      order.map((listingId, i) => ({
        userId: guest.id,
        listingId,
        createdAt: new Date(Date.UTC(2026, 4, 1, 10, i)),
      })),
    );
    const first = await list(guest);
    expect(first.meta).toEqual({ page: 1, perPage: 24, totalItems: 26, totalPages: 2 });
    expect(first.data.map((card) => card.id)).toEqual([...order].reverse().slice(0, 24));
    expect(first.data[0]).toMatchObject({ id: made[2]!.id, title: made[2]!.title, premium: false });
    const second = await list(guest, 2);
    expect(second.meta).toEqual({ page: 2, perPage: 24, totalItems: 26, totalPages: 2 });
    expect(second.data.map((card) => card.id)).toEqual([order[1], order[0]]);

    const badPage = await hosting.app.inject({
      method: 'GET',
      url: '/api/favourites?page=0',
      headers: browser(guest.cookie),
    });
    expect(badPage.statusCode).toBe(400);
  });

  it('leaves out a listing that became a draft, and shows it again once published', async () => {
    const guest = await signUp(hosting.app);
    const listing = await publishedListing(hosting, host);
    const other = await publishedListing(hosting, host);
    await put(guest, listing.id);
    await put(guest, other.id);
    await setState(listing, 'draft');
    const hidden = await list(guest);
    expect(hidden.data.map((card) => card.id)).toEqual([other.id]);
    expect(hidden.meta.totalItems).toBe(1);
    await setState(listing, 'published');
    expect((await list(guest)).meta.totalItems).toBe(2);
  });

  it('says which of up to 100 ids are favourites, and refuses 101 ids or one that is not a uuid', async () => {
    const guest = await signUp(hosting.app);
    const kept = await publishedListing(hosting, host);
    const notKept = await publishedListing(hosting, host);
    await put(guest, kept.id);
    await put(host, notKept.id);
    const answer = await ids(guest, [kept.id, notKept.id, randomUUID()].join(','));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ data: [kept.id] });

    const hundred = [kept.id, ...Array.from({ length: 99 }, () => randomUUID())];
    expect((await ids(guest, hundred.join(','))).json()).toEqual({ data: [kept.id] });
    const tooMany = await ids(guest, [...hundred, randomUUID()].join(','));
    expect(tooMany.statusCode).toBe(400);
    expect(errorCode(tooMany)).toBe('validation-invalid-params');
    expect((await ids(guest, `${kept.id},nope`)).statusCode).toBe(400);
    expect((await ids(guest, '')).statusCode).toBe(400);
    const missing = await hosting.app.inject({
      method: 'GET',
      url: '/api/favourites/ids',
      headers: browser(guest.cookie),
    });
    expect(missing.statusCode).toBe(400);
  });

  it('goes with the listing when it is deleted', async () => {
    const guest = await signUp(hosting.app);
    const listing = await publishedListing(hosting, host);
    await put(guest, listing.id);
    await database.db.delete(listings).where(eq(listings.id, listing.id));
    expect(await database.db.select().from(favourites).where(eq(favourites.listingId, listing.id))).toEqual(
      [],
    );
    expect((await list(guest)).meta.totalItems).toBe(0);
  });
});
