import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { availabilityExceptions, listings } from '../src/db/schema/index.ts';
import { browser, errorCode, signUp, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, completeDraft, type HostingApp, publishedListing, TABS } from './listings.ts';

const database = await createTestDatabase();
let hosting: HostingApp;
let owner: TestUser;
let other: TestUser;
/** The owner's listings in each state the writes need, and one exception. */
const ids = { published: '', draft: '', closed: '', exception: '' };

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
  owner = await signUp(hosting.app);
  other = await signUp(hosting.app);
  // Both can be paid: a refusal can only come from whose listing it is.
  hosting.payouts.ready.add(other.id);
  ids.published = (await publishedListing(hosting, owner)).id;
  ids.draft = (await completeDraft(hosting, owner)).id;
  ids.closed = (await publishedListing(hosting, owner)).id;
  const close = await hosting.app.inject({
    method: 'POST',
    url: `/api/own-listings/${ids.closed}/close`,
    headers: browser(owner.cookie),
  });
  expect(close.statusCode).toBe(200);
  const exception = await hosting.app.inject({
    method: 'POST',
    url: `/api/own-listings/${ids.published}/availability-exceptions`,
    headers: browser(owner.cookie),
    payload: { start: '2026-06-01T08:00:00Z', end: '2026-06-01T10:00:00Z', seats: 0 },
  });
  ids.exception = exception.json().data.id;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every write of the listing API (and the owner's reads), on a listing in a state that allows it. */
const ENDPOINTS: { method: Method; url: () => string; payload?: object }[] = [
  { method: 'GET', url: () => `/api/own-listings/${ids.published}` },
  { method: 'GET', url: () => `/api/own-listings/${ids.published}/availability-exceptions` },
  {
    method: 'PUT',
    url: () => `/api/own-listings/${ids.published}/description`,
    payload: { title: 'Robada', description: 'x' },
  },
  { method: 'PUT', url: () => `/api/own-listings/${ids.published}/features`, payload: TABS.features },
  { method: 'PUT', url: () => `/api/own-listings/${ids.published}/location`, payload: TABS.location },
  {
    method: 'PUT',
    url: () => `/api/own-listings/${ids.published}/pricing`,
    payload: { negociation: 'no', price: { amount: 1, currency: 'EUR' } },
  },
  { method: 'PUT', url: () => `/api/own-listings/${ids.published}/availability`, payload: TABS.availability },
  {
    method: 'POST',
    url: () => `/api/own-listings/${ids.published}/availability-exceptions`,
    payload: { start: '2026-07-01T08:00:00Z', end: '2026-07-01T10:00:00Z', seats: 1 },
  },
  {
    method: 'DELETE',
    url: () => `/api/own-listings/${ids.published}/availability-exceptions/${ids.exception}`,
  },
  { method: 'POST', url: () => `/api/own-listings/${ids.draft}/publish` },
  { method: 'POST', url: () => `/api/own-listings/${ids.published}/close` },
  { method: 'POST', url: () => `/api/own-listings/${ids.closed}/open` },
];

const name = ({ method, url }: (typeof ENDPOINTS)[number]) =>
  `${method} ${url().replace(/[0-9a-f-]{36}/g, ':id')}`;

async function snapshot() {
  const all = [ids.published, ids.draft, ids.closed];
  return {
    listings: await database.db
      .select()
      .from(listings)
      .where(inArray(listings.id, all))
      .orderBy(asc(listings.id)),
    exceptions: await database.db
      .select()
      .from(availabilityExceptions)
      .where(eq(availabilityExceptions.listingId, ids.published)),
  };
}

describe('another person’s listing', () => {
  it('refuses every owner endpoint with 403 to another person and 401 to a visitor, changing nothing', async () => {
    const before = await snapshot();
    const outcomes: Record<string, string[]> = {};
    for (const endpoint of ENDPOINTS) {
      const request = { method: endpoint.method, url: endpoint.url(), payload: endpoint.payload };
      const asOther = await hosting.app.inject({ ...request, headers: browser(other.cookie) });
      const asVisitor = await hosting.app.inject({ ...request, headers: browser() });
      outcomes[name(endpoint)] = [
        `${asOther.statusCode} ${errorCode(asOther)}`,
        `${asVisitor.statusCode} ${errorCode(asVisitor)}`,
      ];
    }
    expect(outcomes).toEqual(
      Object.fromEntries(
        ENDPOINTS.map((endpoint) => [name(endpoint), ['403 forbidden', '401 unauthorized']]),
      ),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown listing and exception, even to a signed-in person', async () => {
    const unknown = crypto.randomUUID();
    for (const [method, url] of [
      ['GET', `/api/own-listings/${unknown}`],
      ['POST', `/api/own-listings/${unknown}/publish`],
      ['DELETE', `/api/own-listings/${ids.published}/availability-exceptions/${unknown}`],
    ] as const) {
      const response = await hosting.app.inject({ method, url, headers: browser(owner.cookie) });
      expect(`${method} ${response.statusCode} ${errorCode(response)}`).toBe(`${method} 404 not-found`);
    }
  });

  it('lets the owner do what the others were refused', async () => {
    for (const endpoint of ENDPOINTS) {
      const response = await hosting.app.inject({
        method: endpoint.method,
        url: endpoint.url(),
        headers: browser(owner.cookie),
        ...(endpoint.payload ? { payload: endpoint.payload } : {}),
      });
      expect(response.statusCode, `${name(endpoint)}: ${response.body}`).toBeLessThan(300);
    }
  });
});
