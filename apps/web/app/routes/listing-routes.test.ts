import type { ListingView } from '@hora/core/listing';
import { describe, expect, it } from 'vitest';
import type { WebContext } from '../context.ts';
import {
  fakeContext,
  GUEST_ID,
  HOST_ID,
  LISTING_ID,
  listing,
} from '../features/listing-page/listing.fixture.ts';
import { loader as listingLoader } from './listing.tsx';
import { loader as canonicalLoader } from './listing-canonical.ts';
import { loader as variantLoader } from './listing-variant.tsx';

const PAGE = `/l/sala-luminosa-en-malasana/${LISTING_ID}`;

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

/** The API of these tests: the listing, and free slots of Monday and Tuesday. */
function api(view: ListingView | null, slots: { status: number; body: unknown } = SLOTS) {
  return {
    [`/api/listings/${LISTING_ID}/time-slots`]: slots,
    '/api/reviews': { status: 200, body: REVIEWS_PAGE },
    [`/api/listings/${LISTING_ID}`]: view
      ? { status: 200, body: { data: view } }
      : { status: 404, body: null },
  };
}

const REVIEWS_PAGE = {
  data: [],
  meta: { page: 1, perPage: 10, totalItems: 0, totalPages: 0, averageRating: null },
};

const SLOTS = {
  status: 200,
  body: {
    data: [
      { start: '2025-11-24T14:00:00.000Z', end: '2025-11-24T19:00:00.000Z', seats: 1 },
      { start: '2025-11-25T08:00:00.000Z', end: '2025-11-25T12:00:00.000Z', seats: 1 },
    ],
  },
};

/** A loader's answer, or what it threw (a redirect, or a 404 as a Response). */
async function run<T>(load: () => Promise<T> | T): Promise<T | Response> {
  try {
    return await load();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // React Router's `data(null, { status })`: a thrown answer with that status.
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return new Response(null, { status });
    throw thrown;
  }
}

function loadPage(path: string, context: WebContext, params: Record<string, string>) {
  const request = new Request(`http://hora.test${path}`);
  return run(() => listingLoader({ request, context, params } as unknown as Args<typeof listingLoader>));
}

function loadVariant(path: string, context: WebContext, params: Record<string, string>) {
  const request = new Request(`http://hora.test${path}`);
  return run(() => variantLoader({ request, context, params } as unknown as Args<typeof variantLoader>));
}

const pageParams = { slug: 'sala-luminosa-en-malasana', id: LISTING_ID };

describe('/l/:slug/:id', () => {
  it('shows a published listing to a visitor with the free time of this month and the next, in Madrid', async () => {
    const { context, calls } = fakeContext(null, api(listing()));
    const page = await loadPage(PAGE, context, pageParams);
    expect(page).not.toBeInstanceOf(Response);
    if (page instanceof Response) return;
    expect(page.isOwner).toBe(false);
    expect(page.address).toBe('Calle del Pez 21, 28004 Madrid, España');
    expect(page.booking?.form.slots).toEqual(SLOTS.body.data);
    expect(page.booking?.block).toBeNull();
    expect(page.booking?.form.days.slice(0, 3)).toEqual([
      { date: '2025-11-24', label: 'Lun, 24 nov', blocked: false },
      { date: '2025-11-25', label: 'Mar, 25 nov', blocked: false },
      { date: '2025-11-26', label: 'Mié, 26 nov', blocked: true },
    ]);
    // From the server's now past the end of December in any zone, asked for alongside the listing.
    expect(calls).toEqual([
      `/api/listings/${LISTING_ID}`,
      `/api/listings/${LISTING_ID}/time-slots?start=2025-11-24T09%3A30%3A00.000Z&end=2026-01-01T12%3A00%3A00.000Z`,
      `/api/reviews?listingId=${LISTING_ID}&perPage=10&page=1`,
    ]);
    expect(page.reviews).toEqual(REVIEWS_PAGE);
  });

  it('asks for the page of reviews the address names, the first when it names none or nonsense', async () => {
    for (const [query, page] of [
      ['?reviews=3', 3],
      ['?reviews=0', 1],
      ['?reviews=dos', 1],
    ] as const) {
      const { context, calls } = fakeContext(null, api(listing()));
      await loadPage(`${PAGE}${query}`, context, pageParams);
      expect(calls).toContain(`/api/reviews?listingId=${LISTING_ID}&perPage=10&page=${page}`);
    }
  });

  it('still shows the listing when its reviews fail to load, and says so', async () => {
    const { context } = fakeContext(null, { ...api(listing()), '/api/reviews': { status: 500, body: null } });
    const page = await loadPage(PAGE, context, pageParams);
    expect(page).toMatchObject({ listing: { id: LISTING_ID }, reviews: null });
  });

  it('asks a signed-in viewer’s favourites of the listing alongside it, and never a visitor’s', async () => {
    const { context, calls } = fakeContext(GUEST_ID, {
      '/api/favourites/ids': { status: 200, body: { data: [LISTING_ID] } },
      ...api(listing()),
    });
    expect(await loadPage(PAGE, context, pageParams)).toMatchObject({ signedIn: true, favourited: true });
    expect(calls).toContain(`/api/favourites/ids?listingIds=${LISTING_ID}`);
    expect(calls).toHaveLength(4);
    const visitor = fakeContext(null, api(listing()));
    expect(await loadPage(PAGE, visitor.context, pageParams)).toMatchObject({ favourited: false });
    expect(visitor.calls.some((call) => call.includes('favourites'))).toBe(false);
  });

  it('loads the booking form’s current and next month, cut at the booking window, and more months when asked', async () => {
    const { context, calls } = fakeContext(
      GUEST_ID,
      api(listing({ bookingRules: { ...listing().bookingRules, bookingWindowDays: 40 } }), {
        status: 200,
        body: {
          data: [
            { start: '2025-11-24T10:00:00.000Z', end: '2025-11-24T13:00:00.000Z', seats: 1 },
            // Runs past the window's last day (2 January in Madrid): cut at its end.
            { start: '2026-01-02T20:00:00.000Z', end: '2026-01-03T20:00:00.000Z', seats: 1 },
          ],
        },
      }),
    );
    const first = (await loadPage(PAGE, context, pageParams)) as {
      booking: { form: { days: { date: string; label: string; blocked: boolean }[] } };
    };
    const { days, ...form } = first.booking.form;
    expect(days).toHaveLength(38);
    expect(days.slice(0, 2)).toEqual([
      { date: '2025-11-24', label: 'Lun, 24 nov', blocked: false },
      { date: '2025-11-25', label: 'Mar, 25 nov', blocked: true },
    ]);
    expect(form).toEqual({
      slots: [{ start: '2025-11-24T10:00:00.000Z', end: '2025-11-24T13:00:00.000Z', seats: 1 }],
      timeZone: 'Europe/Madrid',
      firstDay: '2025-11-24',
      lastDay: '2025-12-31',
      windowLastDay: '2026-01-02',
      months: 1,
    });
    expect(calls.find((call) => call.includes('time-slots'))).toContain('end=2026-01-01T12%3A00%3A00.000Z');
    const more = (await loadPage(`${PAGE}?months=2`, context, pageParams)) as {
      booking: { form: { lastDay: string; slots: unknown[] } };
    };
    expect(more.booking.form.lastDay).toBe('2026-01-02');
    expect(more.booking.form.slots[1]).toEqual({
      start: '2026-01-02T20:00:00.000Z',
      end: '2026-01-02T23:00:00.000Z',
      seats: 1,
    });
  });

  it('still shows the page, with the panel saying so, when the free time cannot be loaded', async () => {
    const { context } = fakeContext(null, api(listing(), { status: 500, body: null }));
    expect(await loadPage(PAGE, context, pageParams)).toMatchObject({
      booking: { block: 'slotsFailed', form: { slots: null } },
    });
  });

  it('blocks booking of a listing whose host cannot be paid', async () => {
    const host = { ...listing().author, acceptsBookings: false };
    const { context } = fakeContext(null, api(listing({ author: host })));
    expect(await loadPage(PAGE, context, pageParams)).toMatchObject({ booking: { block: 'noPayouts' } });
  });

  it('redirects a wrong or old slug to the title’s, keeping the query', async () => {
    const { context } = fakeContext(null, api(listing()));
    const response = await loadPage(`/l/old-title/${LISTING_ID}?book=true`, context, {
      slug: 'old-title',
      id: LISTING_ID,
    });
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get('location')).toBe(`${PAGE}?book=true`);
  });

  it('shows a closed listing without booking (the page shows the closed notice)', async () => {
    const { context, calls } = fakeContext(null, api(listing({ state: 'closed' })));
    const page = await loadPage(PAGE, context, pageParams);
    expect(page).toMatchObject({ booking: null, isOwner: false, listing: { state: 'closed' } });
    // The slots were asked for alongside the listing, before its state was known, and are not shown.
    expect(calls.some((call) => call.includes('time-slots'))).toBe(true);
  });

  it('gives the owner no booking panel', async () => {
    const { context } = fakeContext(HOST_ID, api(listing()));
    expect(await loadPage(PAGE, context, pageParams)).toMatchObject({ booking: null, isOwner: true });
  });

  it('sends the owner of a draft to the variant page', async () => {
    const { context } = fakeContext(HOST_ID, api(listing({ state: 'draft' })));
    const response = (await loadPage(PAGE, context, pageParams)) as Response;
    expect(response.headers.get('location')).toBe(`${PAGE}/draft`);
  });

  it('answers 404 for an unknown listing, someone else’s draft, and an id that is not one', async () => {
    const unknown = fakeContext(null, api(null));
    expect(await loadPage(PAGE, unknown.context, pageParams)).toMatchObject({ status: 404 });
    // The API hides drafts from everybody else; should it not, the page still does.
    const leaked = fakeContext(GUEST_ID, api(listing({ state: 'pendingApproval' })));
    expect(await loadPage(PAGE, leaked.context, pageParams)).toMatchObject({ status: 404 });
    const malformed = fakeContext(null, api(listing()));
    expect(await loadPage('/l/sala/123', malformed.context, { slug: 'sala', id: '123' })).toMatchObject({
      status: 404,
    });
    expect(malformed.calls).toEqual([]);
  });
});

describe('/l/:slug/:id/:variant', () => {
  const draftPath = `${PAGE}/draft`;
  const draftParams = { ...pageParams, variant: 'draft' };

  it('shows a draft to its owner', async () => {
    const { context } = fakeContext(HOST_ID, api(listing({ state: 'draft' })));
    expect(await loadVariant(draftPath, context, draftParams)).toMatchObject({
      isOwner: true,
      booking: null,
      listing: { state: 'draft' },
    });
  });

  it('sends a visitor to log in, coming back to the page', async () => {
    const { context, calls } = fakeContext(null, api(listing({ state: 'draft' })));
    const response = (await loadVariant(draftPath, context, draftParams)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/login?returnTo=${encodeURIComponent(draftPath)}`);
    expect(calls).toEqual([]);
  });

  it('answers 404 to anybody else (the API knows no such listing for them)', async () => {
    const { context } = fakeContext(GUEST_ID, api(null));
    expect(await loadVariant(draftPath, context, draftParams)).toMatchObject({ status: 404 });
  });

  it('answers 404 for a variant that is not one', async () => {
    const { context } = fakeContext(HOST_ID, api(listing({ state: 'draft' })));
    expect(
      await loadVariant(`${PAGE}/preview`, context, { ...pageParams, variant: 'preview' }),
    ).toMatchObject({
      status: 404,
    });
  });

  it('moves to the variant of the listing’s state, and to the public page once published', async () => {
    const pending = fakeContext(HOST_ID, api(listing({ state: 'pendingApproval' })));
    const toPending = (await loadVariant(draftPath, pending.context, draftParams)) as Response;
    expect(toPending.headers.get('location')).toBe(`${PAGE}/pending-approval`);
    const published = fakeContext(HOST_ID, api(listing()));
    const toPage = (await loadVariant(draftPath, published.context, draftParams)) as Response;
    expect(toPage.headers.get('location')).toBe(PAGE);
  });
});

describe('/l/:id', () => {
  function loadCanonical(id: string, context: WebContext, search = '') {
    const request = new Request(`http://hora.test/l/${id}${search}`);
    return run(() =>
      canonicalLoader({ request, context, params: { id } } as unknown as Args<typeof canonicalLoader>),
    );
  }

  it('leads to the page with the title’s slug, keeping the query', async () => {
    const { context } = fakeContext(null, api(listing()));
    const response = (await loadCanonical(LISTING_ID, context, '?book=true')) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${PAGE}?book=true`);
  });

  it('answers 404 for an unknown listing or an id that is not one', async () => {
    expect(await loadCanonical(LISTING_ID, fakeContext(null, api(null)).context)).toMatchObject({
      status: 404,
    });
    expect(await loadCanonical('new-ish', fakeContext(null, api(listing())).context)).toMatchObject({
      status: 404,
    });
  });
});
