import { distanceMeters } from '@hora/core/geo';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema/index.ts';
import { browser, errorCode, signUp, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import {
  buildHostingApp,
  completeDraft,
  createDraft,
  type HostingApp,
  NOW,
  publishedListing,
  saveTab,
  TAB_ORDER,
  TABS,
} from './listings.ts';

const database = await createTestDatabase();
let hosting: HostingApp;
let host: TestUser;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
  host = await signUp(hosting.app, { firstName: 'Marta', lastName: 'López' });
});

const inject = (options: InjectOptions) => hosting.app.inject(options);

async function row(id: string) {
  const [found] = await database.db.select().from(listings).where(eq(listings.id, id));
  return found;
}

describe('creating and publishing a listing', () => {
  it('goes from draft through every tab to published, and shows on the public page', async () => {
    const draft = await createDraft(hosting.app, host);
    expect(draft).toMatchObject({
      state: 'draft',
      title: TABS.description.title,
      categories: [],
      price: null,
      availabilityPlan: null,
      bookingRules: TABS.availability.bookingRules,
      author: { id: host.id, displayName: 'Marta L.', abbreviatedName: 'ML', avatar: null },
      publishedAt: null,
    });

    const features = await saveTab(hosting.app, host, draft.id, 'features');
    expect(features.statusCode, features.body).toBe(200);
    expect(features.json().data).toMatchObject({
      categories: ['sala', 'estudio'],
      capacity: 12,
      certificate: 'Licencia 2024/123',
      rules: 'Sin fiestas.',
    });
    const location = await saveTab(hosting.app, host, draft.id, 'location');
    expect(location.json().data).toMatchObject({
      location: { address: 'Calle Mayor 1, Madrid', building: 'Piso 2' },
      geolocation: TABS.location.origin,
    });
    const pricing = await saveTab(hosting.app, host, draft.id, 'pricing');
    expect(pricing.json().data).toMatchObject({
      price: { amount: 2500, currency: 'EUR' },
      negotiation: 'no',
      minPrice: null,
      maxPrice: null,
    });
    const availability = await saveTab(hosting.app, host, draft.id, 'availability');
    expect(availability.statusCode, availability.body).toBe(200);
    expect(availability.json().data.availabilityPlan).toMatchObject({
      type: 'availability-plan/time',
      timezone: 'Europe/Madrid',
    });
    expect(availability.json().data.availabilityPlan.entries).toHaveLength(5);

    hosting.images.addPhoto(draft.id);
    hosting.payouts.ready.add(host.id);
    const published = await inject({
      method: 'POST',
      url: `/api/own-listings/${draft.id}/publish`,
      headers: browser(host.cookie),
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ state: 'published', publishedAt: NOW });
    expect(published.json().data.images).toHaveLength(1);

    const page = await inject({ method: 'GET', url: `/api/listings/${draft.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ id: draft.id, state: 'published', capacity: 12 });
    // The public view has no plan and no edit time: those are the owner's.
    expect(page.json().data).not.toHaveProperty('availabilityPlan');
    expect(page.json().data).not.toHaveProperty('updatedAt');
  });

  it('stores typed text with angle brackets made harmless', async () => {
    const draft = await createDraft(hosting.app, host);
    const response = await saveTab(hosting.app, host, draft.id, 'description', {
      title: '<b>Sala</b>',
      description: '<script>alert(1)</script>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      title: '＜b＞Sala＜/b＞',
      description: '＜script＞alert(1)＜/script＞',
    });
    expect((await row(draft.id))?.title).toBe('＜b＞Sala＜/b＞');
  });

  it('refuses to publish an incomplete draft, then one whose host cannot be paid', async () => {
    const other = await signUp(hosting.app);
    const draft = await createDraft(hosting.app, other);
    const early = await inject({
      method: 'POST',
      url: `/api/own-listings/${draft.id}/publish`,
      headers: browser(other.cookie),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0]).toMatchObject({ code: 'listing-incomplete', meta: { tab: 'features' } });

    for (const tab of TAB_ORDER)
      expect((await saveTab(hosting.app, other, draft.id, tab)).statusCode).toBe(200);
    const withoutPhotos = await inject({
      method: 'POST',
      url: `/api/own-listings/${draft.id}/publish`,
      headers: browser(other.cookie),
    });
    expect(withoutPhotos.json().errors[0]).toMatchObject({
      code: 'listing-incomplete',
      meta: { tab: 'photos' },
    });

    hosting.images.addPhoto(draft.id);
    const unpaid = await inject({
      method: 'POST',
      url: `/api/own-listings/${draft.id}/publish`,
      headers: browser(other.cookie),
    });
    expect(unpaid.statusCode).toBe(409);
    expect(errorCode(unpaid)).toBe('listing-payout-account-required');
    expect((await row(draft.id))?.state).toBe('draft');
  });
});

describe('wizard gating', () => {
  it.each([
    ['location', 'features'],
    ['pricing', 'features'],
    ['availability', 'features'],
  ] as const)('a fresh draft refuses the %s tab and points at %s', async (tab, allowedTab) => {
    const draft = await createDraft(hosting.app, host);
    const response = await saveTab(hosting.app, host, draft.id, tab);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toMatchObject({
      code: 'listing-incomplete',
      meta: { tab, allowedTab },
    });
    const stored = await row(draft.id);
    expect([stored?.address, stored?.priceAmount, stored?.availabilityPlan]).toEqual([null, null, null]);
  });

  it('opens each tab once the ones before it are complete', async () => {
    const draft = await createDraft(hosting.app, host);
    expect((await saveTab(hosting.app, host, draft.id, 'features')).statusCode).toBe(200);
    expect((await saveTab(hosting.app, host, draft.id, 'pricing')).statusCode).toBe(409);
    expect((await saveTab(hosting.app, host, draft.id, 'location')).statusCode).toBe(200);
    expect((await saveTab(hosting.app, host, draft.id, 'availability')).statusCode).toBe(409);
    expect((await saveTab(hosting.app, host, draft.id, 'pricing')).statusCode).toBe(200);
  });

  it('lets a published listing be edited in any order', async () => {
    const listing = await publishedListing(hosting, host);
    const response = await saveTab(hosting.app, host, listing.id, 'pricing', {
      negociation: 'no',
      price: { amount: 3000, currency: 'EUR' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.price).toEqual({ amount: 3000, currency: 'EUR' });
  });
});

describe('pricing', () => {
  it('stores a negotiable range in cents and prices it at the midpoint', async () => {
    const draft = await completeDraft(hosting, host);
    const response = await saveTab(hosting.app, host, draft.id, 'pricing', {
      negociation: 'yes',
      minPrice: 10,
      maxPrice: 15.01,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      negotiation: 'yes',
      minPrice: 10,
      maxPrice: 15.01,
      price: { amount: 1251, currency: 'EUR' },
    });
    expect(await row(draft.id)).toMatchObject({
      minPriceAmount: 1000,
      maxPriceAmount: 1501,
      priceAmount: 1251,
    });

    const fixed = await saveTab(hosting.app, host, draft.id, 'pricing');
    expect(fixed.json().data).toMatchObject({ negotiation: 'no', minPrice: null, maxPrice: null });
  });

  it.each([
    [
      { negociation: 'no', price: { amount: 2500, currency: 'USD' } },
      'price',
      'validation.money.currencyInvalid',
    ],
    [{ negociation: 'no', price: { amount: -1, currency: 'EUR' } }, 'price', 'validation.money.tooLow'],
    [{ negociation: 'yes', minPrice: 30, maxPrice: 10 }, 'maxPrice', 'validation.price.rangeInvalid'],
    [{ negociation: 'maybe' }, 'negociation', undefined],
  ])('refuses %j (%s: %s) and keeps the price', async (payload, path, message) => {
    const draft = await completeDraft(hosting, host);
    const response = await saveTab(hosting.app, host, draft.id, 'pricing', payload);
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('validation-invalid-params');
    const issues = response.json().errors[0].meta.issues as { path: string; message: string }[];
    expect(issues[0]?.path).toBe(path);
    if (message) expect(issues[0]?.message).toBe(message);
    expect((await row(draft.id))?.priceAmount).toBe(2500);
  });
});

describe('location', () => {
  it('refuses an address the geocoder does not know', async () => {
    const draft = await createDraft(hosting.app, host);
    await saveTab(hosting.app, host, draft.id, 'features');
    const response = await saveTab(hosting.app, host, draft.id, 'location', {
      ...TABS.location,
      address: 'Calle Inventada 99, Atlántida',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'listing-address-not-recognised',
      meta: { field: 'address' },
    });
    expect((await row(draft.id))?.address).toBeNull();
  });

  it('takes a pin dragged across town, not one 100 km away', async () => {
    const draft = await createDraft(hosting.app, host);
    await saveTab(hosting.app, host, draft.id, 'features');
    const across = await saveTab(hosting.app, host, draft.id, 'location', {
      ...TABS.location,
      origin: { lat: 40.48, lng: -3.66 },
    });
    expect(across.statusCode, across.body).toBe(200);
    const far = await saveTab(hosting.app, host, draft.id, 'location', {
      ...TABS.location,
      origin: { lat: 41.3, lng: -3.7 },
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().errors[0]).toMatchObject({
      code: 'validation-invalid-value',
      meta: { field: 'origin' },
    });
    expect(await row(draft.id)).toMatchObject({ latitude: 40.48, longitude: -3.66 });
  });
});

describe('the public location', () => {
  it('hides the building from everyone but the host, and shows the exact pin by default', async () => {
    const listing = await publishedListing(hosting, host);
    const visitor = await inject({ method: 'GET', url: `/api/listings/${listing.id}` });
    expect(visitor.json().data).toMatchObject({
      location: { address: 'Calle Mayor 1, Madrid', building: null },
      geolocation: TABS.location.origin,
    });
    const owner = await inject({
      method: 'GET',
      url: `/api/listings/${listing.id}`,
      headers: browser(host.cookie),
    });
    expect(owner.json().data.location).toEqual({ address: 'Calle Mayor 1, Madrid', building: 'Piso 2' });
  });

  it('with MAP_FUZZY_LOCATION, gives visitors a point near the door and the area only', async () => {
    const fuzzy = await buildHostingApp(database.db, { MAP_FUZZY_LOCATION: 'true' });
    const listing = await publishedListing(fuzzy, host);
    const { data } = (await fuzzy.app.inject({ method: 'GET', url: `/api/listings/${listing.id}` })).json();
    expect(data.location).toEqual({ address: 'Madrid', building: null });
    expect(data.geolocation).not.toEqual(TABS.location.origin);
    expect(distanceMeters(data.geolocation, TABS.location.origin)).toBeLessThanOrEqual(500);
    const own = await fuzzy.app.inject({
      method: 'GET',
      url: `/api/listings/${listing.id}`,
      headers: browser(host.cookie),
    });
    expect(own.json().data.geolocation).toEqual(TABS.location.origin);
    await fuzzy.app.close();
  });
});

describe('whether the host can take bookings', () => {
  it("tells others whether the host's payout account can receive money, and the owner nothing", async () => {
    const listing = await publishedListing(hosting, host);
    const author = async (cookie?: string) =>
      (
        await inject({
          method: 'GET',
          url: `/api/listings/${listing.id}`,
          ...(cookie ? { headers: browser(cookie) } : {}),
        })
      ).json().data.author;
    expect((await author()).acceptsBookings).toBe(true);
    hosting.payouts.ready.delete(host.id);
    expect((await author()).acceptsBookings).toBe(false);
    const guest = await signUp(hosting.app, { firstName: 'Pablo', lastName: 'Ruiz' });
    expect((await author(guest.cookie)).acceptsBookings).toBe(false);
    expect(await author(host.cookie)).not.toHaveProperty('acceptsBookings');
    hosting.payouts.ready.add(host.id);
  });
});

describe('states', () => {
  it('closes and reopens a published listing, and refuses the moves its state does not allow', async () => {
    const listing = await publishedListing(hosting, host);
    const move = (action: string) =>
      inject({
        method: 'POST',
        url: `/api/own-listings/${listing.id}/${action}`,
        headers: browser(host.cookie),
      });
    expect((await move('open')).statusCode).toBe(409);
    const closed = await move('close');
    expect(closed.json().data.state).toBe('closed');
    expect(errorCode(await move('close'))).toBe('conflict');
    expect(errorCode(await move('publish'))).toBe('conflict');
    // Closed listings stay visible (with their closed notice) to everyone.
    expect((await inject({ method: 'GET', url: `/api/listings/${listing.id}` })).json().data.state).toBe(
      'closed',
    );
    expect((await move('open')).json().data.state).toBe('published');
  });

  it('refuses to close a draft', async () => {
    const draft = await createDraft(hosting.app, host);
    const response = await inject({
      method: 'POST',
      url: `/api/own-listings/${draft.id}/close`,
      headers: browser(host.cookie),
    });
    expect(response.statusCode).toBe(409);
    expect((await row(draft.id))?.state).toBe('draft');
  });

  it('shows drafts only to their owner', async () => {
    const draft = await createDraft(hosting.app, host);
    const stranger = await signUp(hosting.app);
    expect((await inject({ method: 'GET', url: `/api/listings/${draft.id}` })).statusCode).toBe(404);
    const other = await inject({
      method: 'GET',
      url: `/api/listings/${draft.id}`,
      headers: browser(stranger.cookie),
    });
    expect(other.statusCode).toBe(404);
    const own = await inject({
      method: 'GET',
      url: `/api/listings/${draft.id}`,
      headers: browser(host.cookie),
    });
    expect(own.json().data.state).toBe('draft');
    const unknown = await inject({ method: 'GET', url: `/api/listings/${crypto.randomUUID()}` });
    expect(errorCode(unknown)).toBe('not-found');
    expect((await inject({ method: 'GET', url: '/api/listings/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('own listings', () => {
  it('pages 42 at a time, newest first', async () => {
    const busy = await signUp(hosting.app);
    const ids: string[] = [];
    for (let i = 0; i < 44; i += 1) ids.push((await createDraft(hosting.app, busy)).id);
    const first = await inject({ method: 'GET', url: '/api/own-listings', headers: browser(busy.cookie) });
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, perPage: 42, totalItems: 44, totalPages: 2 });
    expect(first.json().data.map((l: { id: string }) => l.id)).toEqual(ids.slice(2).reverse());
    const second = await inject({
      method: 'GET',
      url: '/api/own-listings?page=2',
      headers: browser(busy.cookie),
    });
    expect(second.json().data.map((l: { id: string }) => l.id)).toEqual([ids[1], ids[0]]);
    const bad = await inject({
      method: 'GET',
      url: '/api/own-listings?page=0',
      headers: browser(busy.cookie),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('makes the session say whether the newest own listing is not closed', async () => {
    const newcomer = await signUp(hosting.app);
    const session = async () =>
      (await inject({ method: 'GET', url: '/api/session', headers: browser(newcomer.cookie) })).json().user
        .hasListings;
    expect(await session()).toBe(false);
    const listing = await publishedListing(hosting, newcomer);
    expect(await session()).toBe(true);
    await inject({
      method: 'POST',
      url: `/api/own-listings/${listing.id}/close`,
      headers: browser(newcomer.cookie),
    });
    expect(await session()).toBe(false);
  });
});

describe('the API document', () => {
  it('describes every listing and availability route', async () => {
    const spec = (await inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/listings',
        '/api/listings/{id}',
        '/api/listings/{id}/time-slots',
        '/api/own-listings',
        '/api/own-listings/{id}',
        '/api/own-listings/{id}/description',
        '/api/own-listings/{id}/features',
        '/api/own-listings/{id}/location',
        '/api/own-listings/{id}/pricing',
        '/api/own-listings/{id}/availability',
        '/api/own-listings/{id}/availability-exceptions',
        '/api/own-listings/{id}/availability-exceptions/{exceptionId}',
        '/api/own-listings/{id}/publish',
        '/api/own-listings/{id}/close',
        '/api/own-listings/{id}/open',
      ]),
    );
    expect(spec.paths['/api/own-listings/{id}/location'].put.description).toContain(
      'listing-address-not-recognised',
    );
  });
});
