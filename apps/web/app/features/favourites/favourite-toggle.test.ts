import { safeReturnPath } from '@hora/core/routing';
import { describe, expect, it } from 'vitest';
import { fakeContext, GUEST_ID, LISTING_ID } from '../listing-page/listing.fixture.ts';
import { visitorLoginPath } from './favourite-paths.ts';
import { continueFavourite, runFavouriteToggle } from './favourite-toggle.ts';

const API = `/api/favourites/${LISTING_ID}`;
const PAGE = `/l/sala-luminosa/${LISTING_ID}?days=14`;

function post(fields: Record<string, string>) {
  return new Request(`http://hora.test/favourites/${LISTING_ID}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
}

/** What a loader or action ended with: its value, or the Response / `data()` it threw. */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

const locationOf = (answer: unknown) => (answer as Response).headers.get('location');

describe('POST /favourites/:listingId', () => {
  it.each([
    ['add', 'PUT'],
    ['remove', 'DELETE'],
  ])('%ss the favourite through the API and goes back to the page', async (intent, method) => {
    const { context, calls } = fakeContext(GUEST_ID, { [API]: { status: 204, body: null } });
    const answer = await outcome(() =>
      runFavouriteToggle(post({ intent, returnTo: PAGE }), { listingId: LISTING_ID }, context),
    );
    expect(locationOf(answer)).toBe(PAGE);
    expect(calls).toEqual([`${method} ${API}`]);
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    'javascript:alert(1)',
    '',
  ])('goes back to / instead of a return path that leaves the site (%s)', async (returnTo) => {
    const { context } = fakeContext(GUEST_ID, { [API]: { status: 204, body: null } });
    const answer = await outcome(() =>
      runFavouriteToggle(post({ intent: 'add', returnTo }), { listingId: LISTING_ID }, context),
    );
    expect(locationOf(answer)).toBe('/');
  });

  it('answers a fetcher with the new state instead of a redirect', async () => {
    const { context } = fakeContext(GUEST_ID, { [API]: { status: 204, body: null } });
    const answer = (await runFavouriteToggle(
      post({ intent: 'add', returnTo: PAGE, respond: 'data' }),
      { listingId: LISTING_ID },
      context,
    )) as { data: unknown };
    expect(answer.data).toEqual({ listingId: LISTING_ID, favourited: true, error: null });
  });

  it('tells a fetcher the API’s refusal as the text of its code, the heart staying as it was', async () => {
    const { context } = fakeContext(GUEST_ID, {
      [API]: {
        status: 409,
        body: { errors: [{ id: 'e', status: 409, code: 'favourites-limit-reached', title: 'Limit' }] },
      },
    });
    const answer = (await runFavouriteToggle(
      post({ intent: 'add', returnTo: PAGE, respond: 'data' }),
      { listingId: LISTING_ID },
      context,
    )) as { data: unknown; init: { status: number } };
    expect(answer.init.status).toBe(409);
    expect(answer.data).toEqual({
      listingId: LISTING_ID,
      favourited: false,
      error: 'errors.api.favourites-limit-reached',
    });
  });

  it('sends a visitor to log in, coming back through the path that adds the favourite', async () => {
    const { context, calls } = fakeContext(null, {});
    const answer = await outcome(() =>
      runFavouriteToggle(post({ intent: 'add', returnTo: PAGE }), { listingId: LISTING_ID }, context),
    );
    expect(locationOf(answer)).toBe(visitorLoginPath(LISTING_ID, PAGE));
    expect(calls).toEqual([]);
  });

  it.each([
    [{ intent: 'toggle', returnTo: PAGE }, LISTING_ID],
    [{ returnTo: PAGE }, LISTING_ID],
    [{ intent: 'add', returnTo: PAGE }, '../account'],
  ])(
    'refuses a form without a known intent and listing (%j, %s) without calling the API',
    async (fields, id) => {
      const { context, calls } = fakeContext(GUEST_ID, {});
      const answer = await outcome(() => runFavouriteToggle(post(fields), { listingId: id }, context));
      expect(answer).toMatchObject({ init: { status: 400 } });
      expect(calls).toEqual([]);
    },
  );
});

describe('the visitor’s way back through login', () => {
  /** The login page reads `returnTo` with `safeReturnPath` and sends the person there once logged in. */
  function afterLogin(loginPath: string): string {
    const returnTo = new URL(loginPath, 'http://hora.test').searchParams.get('returnTo');
    return safeReturnPath(returnTo);
  }

  function get(path: string, site: string | null) {
    return new Request(`http://hora.test${path}`, { headers: site ? { 'sec-fetch-site': site } : {} });
  }

  it('adds the favourite when the login page sends the person back, then shows the page they were on', async () => {
    const back = afterLogin(visitorLoginPath(LISTING_ID, PAGE));
    expect(back).toBe(`/favourites/${LISTING_ID}?returnTo=${encodeURIComponent(PAGE)}`);
    const { context, calls } = fakeContext(GUEST_ID, { [API]: { status: 204, body: null } });
    const answer = await outcome(() =>
      continueFavourite(get(back, 'same-origin'), { listingId: LISTING_ID }, context),
    );
    expect(locationOf(answer)).toBe(PAGE);
    expect(calls).toEqual([`PUT ${API}`]);
  });

  it.each([['cross-site'], ['same-site'], ['none'], [null]])(
    'only goes on to the page for a navigation that did not come from this site (%s)',
    async (site) => {
      const { context, calls } = fakeContext(GUEST_ID, { [API]: { status: 204, body: null } });
      const path = `/favourites/${LISTING_ID}?returnTo=${encodeURIComponent(PAGE)}`;
      const answer = await outcome(() =>
        continueFavourite(get(path, site), { listingId: LISTING_ID }, context),
      );
      expect(locationOf(answer)).toBe(PAGE);
      expect(calls).toEqual([]);
    },
  );

  it('sends a visitor who arrives there to log in first, and an unsafe return path to /', async () => {
    const path = `/favourites/${LISTING_ID}?returnTo=${encodeURIComponent('//evil.example')}`;
    const visitor = fakeContext(null, {});
    const login = await outcome(() =>
      continueFavourite(get(path, 'same-origin'), { listingId: LISTING_ID }, visitor.context),
    );
    expect(locationOf(login)).toBe(`/login?returnTo=${encodeURIComponent(path)}`);
    const guest = fakeContext(GUEST_ID, { [API]: { status: 204, body: null } });
    const answer = await outcome(() =>
      continueFavourite(get(path, 'same-origin'), { listingId: LISTING_ID }, guest.context),
    );
    expect(locationOf(answer)).toBe('/');
  });

  it('keeps a page with a query of its own (search filters) whole through the round trip', () => {
    const search = '/s?address=Madrid&pub_category=sala%2Cestudio&page=2';
    const back = afterLogin(visitorLoginPath(LISTING_ID, search));
    expect(new URL(back, 'http://hora.test').searchParams.get('returnTo')).toBe(search);
  });
});
