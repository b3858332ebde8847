import { describe, expect, it } from 'vitest';
import type { ApiResult, WebContext } from '../context.ts';
import { listingReadyForPhotos, ownListing } from '../features/listing-wizard/test-listing.ts';
import { loader as editLoader } from './listing-edit.tsx';
import { loader as returnLoader } from './listing-edit-return.tsx';
import { handle as wizardMessages } from './messages-listings.ts';
import { loader as redirectLoader } from './redirects.ts';

const ID = '6f1c9a52-8a51-4c3b-9f3e-0b8f4a1d2c3e';
const ZERO = '00000000-0000-0000-0000-000000000000';
const SLUG = 'cocina-luminosa-en-chamberi';
const NOW = '2026-01-05T10:00:00.000Z';

interface Call {
  path: string;
  init: { method?: string; body?: unknown } | undefined;
}

/** The load context of a signed-in host (or a visitor); the API answers by path. */
function context(
  answer: (path: string, init?: Call['init']) => { status: number; data: unknown },
  signedIn = true,
) {
  const calls: Call[] = [];
  const value: WebContext = {
    nonce: 'n',
    config: {
      marketplaceName: 'Hora',
      publicUrl: 'http://hora.test',
      blogUrl: undefined,
      social: {},
      maps: { tileUrl: undefined, attribution: '', fuzzyLocation: false },
    },
    viewer: signedIn ? { id: 'host', firstName: 'Lucía', lastName: 'García' } : null,
    now: () => new Date(NOW),
    api: async <T>(path: string, init?: Call['init']): Promise<ApiResult<T>> => {
      calls.push({ path, init });
      const { status, data } = answer(path, init);
      return { status, data: data as T, cookies: [] };
    },
  };
  return { value, calls };
}

const owns = (listing: unknown) => () => ({ status: 200, data: { data: listing } });

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

function paramsOf(path: string) {
  const [, , slug, id, type, tab, returnURLType] = (path.split('?')[0] ?? '').split('/');
  return { slug, id, type, tab, ...(returnURLType ? { returnURLType } : {}) };
}

/** Runs a loader for a path: its data, or the response it threw (a redirect, a 404). */
async function load<F extends (args: never) => unknown>(loader: F, path: string, ctx: WebContext) {
  try {
    return {
      data: await loader({
        request: new Request(`http://hora.test${path}`),
        params: paramsOf(path),
        context: ctx,
      } as Args<F>),
    };
  } catch (thrown) {
    return { thrown };
  }
}

function statusOf(thrown: unknown): number | undefined {
  if (thrown instanceof Response) return thrown.status;
  return (thrown as { init?: { status?: number } } | undefined)?.init?.status;
}

const locationOf = (thrown: unknown) => (thrown as Response).headers.get('location');

describe('/l/new', () => {
  it('redirects to the all-zero draft’s description', async () => {
    const response = (await redirectLoader({
      request: new Request('http://hora.test/l/new'),
      params: {},
      context: context(owns(null)).value,
    } as unknown as Args<typeof redirectLoader>)) as Response;
    expect(response.headers.get('location')).toBe(`/l/draft/${ZERO}/new/description`);
  });

  it('shows the description of a listing to create, loading nothing', async () => {
    const ctx = context(owns(null));
    const result = await load(editLoader, `/l/draft/${ZERO}/new/description`, ctx.value);
    expect(result.data).toEqual({ listing: null, type: 'new', tab: 'description', now: NOW });
    expect(ctx.calls).toEqual([]);
  });

  it('sends a visitor to log in, remembering the wizard', async () => {
    const result = await load(
      editLoader,
      `/l/draft/${ZERO}/new/description`,
      context(owns(null), false).value,
    );
    expect(locationOf(result.thrown)).toBe(
      `/login?returnTo=${encodeURIComponent(`/l/draft/${ZERO}/new/description`)}`,
    );
  });

  it('keeps a new listing on its description', async () => {
    const result = await load(editLoader, `/l/draft/${ZERO}/new/photos`, context(owns(null)).value);
    expect(locationOf(result.thrown)).toBe(`/l/draft/${ZERO}/new/description`);
  });
});

describe('/l/:slug/:id/:type/:tab', () => {
  it('loads the host’s own listing and shows a reachable tab', async () => {
    const listing = listingReadyForPhotos();
    const ctx = context(owns(listing));
    const result = await load(editLoader, `/l/${SLUG}/${ID}/draft/photos`, ctx.value);
    expect(ctx.calls.map((call) => call.path)).toEqual([`/api/own-listings/${ID}`]);
    expect(result.data).toEqual({ listing, type: 'draft', tab: 'photos', now: NOW });
  });

  it('redirects a tab not reachable yet to the nearest earlier one, keeping the query', async () => {
    const ctx = context(owns(ownListing({ categories: ['sala'] })));
    const result = await load(editLoader, `/l/${SLUG}/${ID}/draft/availability?payout=publish`, ctx.value);
    expect(locationOf(result.thrown)).toBe(`/l/${SLUG}/${ID}/draft/location?payout=publish`);
  });

  it('never shows the premium video tab', async () => {
    const ctx = context(owns(listingReadyForPhotos({ state: 'published' })));
    const result = await load(editLoader, `/l/${SLUG}/${ID}/edit/video`, ctx.value);
    expect(locationOf(result.thrown)).toBe(`/l/${SLUG}/${ID}/edit/features`);
  });

  it.each([
    ['someone else’s listing', 403],
    ['an unknown listing', 404],
  ])('answers %s with the not-found page', async (_, status) => {
    const ctx = context(() => ({
      status,
      data: { errors: [{ code: status === 403 ? 'forbidden' : 'not-found' }] },
    }));
    const result = await load(editLoader, `/l/${SLUG}/${ID}/edit/description`, ctx.value);
    expect(statusOf(result.thrown)).toBe(404);
  });

  it.each([`/l/${SLUG}/not-a-uuid/edit/description`, `/l/${SLUG}/${ID}/preview/description`])(
    'answers %s with the not-found page without asking the API',
    async (path) => {
      const ctx = context(owns(ownListing()));
      const result = await load(editLoader, path, ctx.value);
      expect(statusOf(result.thrown)).toBe(404);
      expect(ctx.calls).toEqual([]);
    },
  );
});

describe('/l/:slug/:id/:type/:tab/:returnURLType', () => {
  const WIZARD = `/l/${SLUG}/${ID}/draft/photos`;

  it('goes back to the tab to publish when onboarding succeeded with nothing due', async () => {
    const ctx = context(() => ({
      status: 200,
      data: { data: { requirements: { currently_due: [], past_due: [] } } },
    }));
    const result = await load(returnLoader, `${WIZARD}/success`, ctx.value);
    expect(locationOf(result.thrown)).toBe(`${WIZARD}?payout=publish`);
  });

  it('goes back to the payout modal when something is still due', async () => {
    const ctx = context(() => ({
      status: 200,
      data: { data: { requirements: { currently_due: ['individual.id_number'], past_due: [] } } },
    }));
    const result = await load(returnLoader, `${WIZARD}/success`, ctx.value);
    expect(locationOf(result.thrown)).toBe(`${WIZARD}?payout=verify`);
  });

  it('asks a new onboarding link after a failure and goes there', async () => {
    const ctx = context(() => ({
      status: 201,
      data: { data: { url: 'https://connect.example/onboarding/acct_1' } },
    }));
    const result = await load(returnLoader, `${WIZARD}/failure`, ctx.value);
    expect(ctx.calls).toEqual([
      {
        path: '/api/payouts/account-links',
        init: { method: 'POST', body: { type: 'account_onboarding', returnPath: WIZARD } },
      },
    ]);
    expect(locationOf(result.thrown)).toBe('https://connect.example/onboarding/acct_1');
  });

  it('stays with a way back when no new link could be had', async () => {
    const ctx = context(() => ({ status: 502, data: { errors: [{ code: 'internal-error' }] } }));
    const result = await load(returnLoader, `${WIZARD}/failure`, ctx.value);
    expect(result.data).toEqual({ wizardPath: WIZARD });
  });

  it('answers another return type with the not-found page', async () => {
    const result = await load(returnLoader, `${WIZARD}/maybe`, context(owns(null)).value);
    expect(statusOf(result.thrown)).toBe(404);
  });

  it('sends a visitor to log in first', async () => {
    const result = await load(returnLoader, `${WIZARD}/success`, context(owns(null), false).value);
    expect(locationOf(result.thrown)).toMatch(/^\/login\?returnTo=/);
  });
});

describe('the wizard’s texts', () => {
  it('bring its own, the categories, the checks’ messages and the place search’s', () => {
    expect(wizardMessages.messages).toEqual(
      expect.arrayContaining(['listings', 'categories', 'validation', 'places']),
    );
    expect(wizardMessages.messages).not.toContain('account');
  });
});
