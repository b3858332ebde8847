import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_ID,
  PROVIDER_ID,
  TX_ID,
  transaction,
  transactionContext,
} from '../features/transactions/transaction.fixture.ts';
import { action as orderAction, loader as orderLoader } from './order-details.tsx';
import { loader as redirectLoader } from './redirects.ts';
import { action as saleAction, loader as saleLoader } from './sale-details.tsx';

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

const GET = `GET /api/transactions/${TX_ID}`;
const POST = `POST /api/transactions/${TX_ID}/transitions`;
const KEY = '0b8f1e0c-3f7a-4d52-9a55-5b7c5e2d9f11';

/** A loader's or action's answer, or what it threw (a redirect, or a status as a Response). */
async function run<T>(load: () => Promise<T> | T): Promise<T | Response> {
  try {
    return await load();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return new Response(null, { status });
    throw thrown;
  }
}

function load(page: 'order' | 'sale', context: ReturnType<typeof transactionContext>['context'], id = TX_ID) {
  const request = new Request(`http://hora.test/${page}/${id}/details?x=1`);
  const args = { request, context, params: { id } };
  return run(() =>
    page === 'order'
      ? orderLoader(args as unknown as Args<typeof orderLoader>)
      : saleLoader(args as unknown as Args<typeof saleLoader>),
  );
}

function post(context: ReturnType<typeof transactionContext>['context'], fields: Record<string, string>) {
  const request = new Request(`http://hora.test/sale/${TX_ID}/details`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  return run(() =>
    saleAction({ request, context, params: { id: TX_ID } } as unknown as Args<typeof saleAction>),
  );
}

function location(response: unknown): string | null {
  return response instanceof Response ? response.headers.get('Location') : null;
}

function statusOf(response: unknown): number | undefined {
  if (response instanceof Response) return response.status;
  return (response as { init?: { status?: number } }).init?.status;
}

describe('/order/:id/details and /sale/:id/details', () => {
  it('send a visitor to log in and back', async () => {
    const { context, calls } = transactionContext(null, {});
    const answer = await load('sale', context);
    expect(location(answer)).toBe(`/login?returnTo=${encodeURIComponent(`/sale/${TX_ID}/details?x=1`)}`);
    expect(calls).toEqual([]);
  });

  it('show the provider their sale, with a fresh idempotency key and the server’s time', async () => {
    const { context, calls } = transactionContext(PROVIDER_ID, {
      [GET]: { status: 200, body: { transaction: transaction() } },
    });
    const page = await load('sale', context);
    expect(page).toMatchObject({
      transaction: { id: TX_ID, role: 'provider' },
      now: '2025-11-20T09:03:00.000Z',
    });
    expect((page as { idempotencyKey: string }).idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The transaction, the reviews the viewer may see and the conversation's newest page, in one round.
    expect(calls.map((call) => call.path)).toEqual([
      `/api/transactions/${TX_ID}`,
      `/api/transactions/${TX_ID}/reviews`,
      `/api/transactions/${TX_ID}/messages?page=1`,
    ]);
    const again = await load('sale', context);
    expect((again as { idempotencyKey: string }).idempotencyKey).not.toBe(
      (page as { idempotencyKey: string }).idempotencyKey,
    );
  });

  it('send each party to their own page when they open the other one', async () => {
    const asCustomer = transactionContext(CUSTOMER_ID, {
      [GET]: { status: 200, body: { transaction: transaction({ role: 'customer' }) } },
    });
    expect(location(await load('sale', asCustomer.context))).toBe(`/order/${TX_ID}/details`);
    expect(await load('order', asCustomer.context)).toMatchObject({ transaction: { role: 'customer' } });
    const asProvider = transactionContext(PROVIDER_ID, {
      [GET]: { status: 200, body: { transaction: transaction() } },
    });
    expect(location(await load('order', asProvider.context))).toBe(`/sale/${TX_ID}/details`);
  });

  it('answer the not-found page for someone else’s or an unknown transaction, and fail on an API error', async () => {
    // The API answers 404 to anyone but the two parties.
    const stranger = transactionContext(CUSTOMER_ID, { [GET]: { status: 404, body: null } });
    expect(statusOf(await load('order', stranger.context))).toBe(404);
    const malformed = transactionContext(CUSTOMER_ID, {});
    expect(statusOf(await load('order', malformed.context, 'not-an-id'))).toBe(404);
    const broken = transactionContext(CUSTOMER_ID, { [GET]: { status: 500, body: null } });
    await expect(load('order', broken.context)).rejects.toThrow(/HTTP 500/);
  });

  it('are where /order/:id and /sale/:id lead', () => {
    for (const page of ['order', 'sale']) {
      const request = new Request(`http://hora.test/${page}/${TX_ID}`);
      const answer = redirectLoader({ request } as unknown as Args<typeof redirectLoader>);
      expect(location(answer)).toBe(`/${page}/${TX_ID}/details`);
    }
  });
});

describe('accept and decline (the sale page’s action)', () => {
  it('runs the transition with the form’s idempotency key, then shows the sale again', async () => {
    const { context, calls } = transactionContext(PROVIDER_ID, {
      [POST]: {
        status: 200,
        body: { transaction: transaction({ state: 'accepted', lastTransition: 'accept' }) },
      },
    });
    const answer = await post(context, { transition: 'accept', 'idempotency-key': KEY });
    expect(location(answer)).toBe(`/sale/${TX_ID}/details`);
    expect(calls).toEqual([
      {
        path: `/api/transactions/${TX_ID}/transitions`,
        init: { method: 'POST', body: { transition: 'accept' }, idempotencyKey: KEY },
      },
    ]);
  });

  it('says “already in progress” while another answer runs', async () => {
    const { context } = transactionContext(PROVIDER_ID, {
      [POST]: { status: 409, body: { errors: [{ code: 'transaction-transition-in-progress' }] } },
    });
    const answer = await post(context, { transition: 'decline', 'idempotency-key': KEY });
    expect(answer).toMatchObject({
      data: { error: 'transactions.errors.transitionInProgress' },
      init: { status: 409 },
    });
    // The next try needs a key of its own: the old one would replay this refusal.
    const next = (answer as { data: { idempotencyKey: string } }).data.idempotencyKey;
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(KEY);
  });

  it('says which answer failed otherwise', async () => {
    const { context } = transactionContext(PROVIDER_ID, {
      [POST]: { status: 409, body: { errors: [{ code: 'transaction-invalid-transition' }] } },
    });
    expect(await post(context, { transition: 'accept', 'idempotency-key': KEY })).toMatchObject({
      data: { error: 'transactions.errors.acceptSaleFailed' },
    });
    expect(await post(context, { transition: 'decline', 'idempotency-key': KEY })).toMatchObject({
      data: { error: 'transactions.errors.declineSaleFailed' },
    });
  });

  it('refuses other transitions, a missing key and visitors without calling the API', async () => {
    const { context, calls } = transactionContext(PROVIDER_ID, {});
    expect(statusOf(await post(context, { transition: 'cancel', 'idempotency-key': KEY }))).toBe(400);
    expect(statusOf(await post(context, { transition: 'accept' }))).toBe(400);
    expect(statusOf(await post(context, { transition: 'accept', 'idempotency-key': 'x' }))).toBe(400);
    const visitor = transactionContext(null, {});
    expect(location(await post(visitor.context, { transition: 'accept', 'idempotency-key': KEY }))).toMatch(
      /^\/login/,
    );
    expect([...calls, ...visitor.calls]).toEqual([]);
  });

  it('answers the not-found page when the API does not know the transaction for this viewer', async () => {
    const { context } = transactionContext(CUSTOMER_ID, { [POST]: { status: 404, body: null } });
    expect(statusOf(await post(context, { transition: 'accept', 'idempotency-key': KEY }))).toBe(404);
  });
});

describe('the pages’ forms (issue 12): each post goes to its own API', () => {
  function postTo(
    page: 'order' | 'sale',
    context: ReturnType<typeof transactionContext>['context'],
    fields: Record<string, string>,
  ) {
    const request = new Request(`http://hora.test/${page}/${TX_ID}/details`, {
      method: 'POST',
      body: new URLSearchParams(fields),
    });
    const args = { request, context, params: { id: TX_ID } };
    return run(() =>
      page === 'order'
        ? orderAction(args as unknown as Args<typeof orderAction>)
        : saleAction(args as unknown as Args<typeof saleAction>),
    );
  }
  const paths = (calls: { path: string; init?: { method?: string } }[]) =>
    calls.map((call) => `${call.init?.method ?? 'GET'} ${call.path}`);

  it('sends a message, answers an offer or makes one, and refuses anything else on the order page', async () => {
    const { context, calls } = transactionContext(CUSTOMER_ID, {
      [`POST /api/transactions/${TX_ID}/messages`]: { status: 201, body: {} },
      [`POST /api/transactions/${TX_ID}/offers/answer`]: { status: 201, body: {} },
      [`POST /api/transactions/${TX_ID}/offers`]: { status: 201, body: {} },
    });
    await postTo('order', context, { intent: 'send-message', content: 'Hola' });
    expect(location(await postTo('order', context, { negotiation: 'accept' }))).toBe(
      `/order/${TX_ID}/details`,
    );
    expect(statusOf(await postTo('order', context, { transition: 'accept', 'idempotency-key': KEY }))).toBe(
      400,
    );
    expect(paths(calls)).toEqual([
      `POST /api/transactions/${TX_ID}/messages`,
      `POST /api/transactions/${TX_ID}/offers/answer`,
    ]);
  });

  it('sends the host’s offer from the sale page', async () => {
    const { context, calls } = transactionContext(PROVIDER_ID, {
      [`POST /api/transactions/${TX_ID}/offers`]: { status: 201, body: {} },
    });
    expect(location(await postTo('sale', context, { negotiation: 'offer', price: '12,50' }))).toBe(
      `/sale/${TX_ID}/details`,
    );
    expect(calls).toEqual([
      {
        path: `/api/transactions/${TX_ID}/offers`,
        init: { method: 'POST', body: { price: '12.50' } },
      },
    ]);
  });
});
