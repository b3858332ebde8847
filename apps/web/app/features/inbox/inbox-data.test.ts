import { describe, expect, it, vi } from 'vitest';
import {
  CUSTOMER_ID,
  PROVIDER_ID,
  party,
  TX_ID,
  transaction,
  transactionContext,
} from '../transactions/transaction.fixture.ts';
import { inboxRow, loadInbox, loadInboxDefault } from './inbox-data.ts';

const meta = (page: number, totalPages: number, totalItems: number) => ({
  page,
  perPage: 10,
  totalItems,
  totalPages,
});
const list = (tab: 'order' | 'sale', page = 1) => `GET /api/transactions?only=${tab}&page=${page}&perPage=10`;

async function outcome<T>(run: () => Promise<T>): Promise<T | Response | { status: number }> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    return { status: (thrown as { init: { status: number } }).init.status };
  }
}

const get = (path: string) => new Request(`http://hora.test${path}`);

describe('loadInbox', () => {
  it('asks for the tab’s side, 10 a page, and makes rows of what the page shows', async () => {
    const { context, calls } = transactionContext(PROVIDER_ID, {
      [list('sale', 2)]: { status: 200, body: { data: [transaction()], meta: meta(2, 3, 25) } },
    });
    const loaded = await loadInbox(get('/inbox/sales?page=2'), { tab: 'sales' }, context);
    expect(calls.map((call) => call.path)).toEqual(['/api/transactions?only=sale&page=2&perPage=10']);
    expect(loaded).toEqual({
      tab: 'sales',
      page: 2,
      result: {
        totalPages: 3,
        totalItems: 25,
        rows: [
          {
            id: TX_ID,
            href: `/sale/${TX_ID}/details`,
            other: transaction().customer,
            listing: { title: 'Sala luminosa en Malasaña', deleted: false },
            booking: { start: '2025-11-24T09:00:00.000Z', end: '2025-11-24T11:00:00.000Z' },
            timeZone: 'Europe/Madrid',
            state: 'pending',
            actionNeeded: true,
          },
        ],
      },
    });
  });

  it('lists orders as the customer: the provider is the other party, the request is “requested”', async () => {
    const order = transaction({ role: 'customer', nextTransitions: [] });
    const { context } = transactionContext(CUSTOMER_ID, {
      [list('order')]: { status: 200, body: { data: [order], meta: meta(1, 1, 1) } },
    });
    const loaded = await loadInbox(get('/inbox/orders'), { tab: 'orders' }, context);
    expect(loaded.result?.rows[0]).toMatchObject({
      href: `/order/${TX_ID}/details`,
      other: { id: PROVIDER_ID },
      state: 'requested',
      actionNeeded: false,
    });
  });

  it('answers an unknown tab with the not-found page, without asking the API', async () => {
    const { context, calls } = transactionContext(PROVIDER_ID, {});
    expect(await outcome(() => loadInbox(get('/inbox/messages'), { tab: 'messages' }, context))).toEqual({
      status: 404,
    });
    expect(calls).toEqual([]);
  });

  it('sends a page past the last one to the last one, and reads a bad page number as 1', async () => {
    const { context, calls } = transactionContext(PROVIDER_ID, {
      [list('sale', 9)]: { status: 200, body: { data: [], meta: meta(9, 3, 25) } },
      [list('sale')]: { status: 200, body: { data: [], meta: meta(1, 0, 0) } },
    });
    const response = (await outcome(() =>
      loadInbox(get('/inbox/sales?page=9'), { tab: 'sales' }, context),
    )) as Response;
    expect(response.headers.get('location')).toBe('/inbox/sales?page=3');
    expect(await loadInbox(get('/inbox/sales?page=-2'), { tab: 'sales' }, context)).toEqual({
      tab: 'sales',
      page: 1,
      result: { rows: [], totalPages: 0, totalItems: 0 },
    });
    expect(calls.at(-1)?.path).toBe('/api/transactions?only=sale&page=1&perPage=10');
  });

  it('makes a failed query a state of the page', async () => {
    const { context } = transactionContext(PROVIDER_ID, { [list('order')]: { status: 500, body: null } });
    expect(await loadInbox(get('/inbox/orders'), { tab: 'orders' }, context)).toEqual({
      tab: 'orders',
      page: 1,
      result: null,
    });
  });

  it('sends a visitor to log in and back', async () => {
    const { context, calls } = transactionContext(null, {});
    const response = (await outcome(() =>
      loadInbox(get('/inbox/sales?page=2'), { tab: 'sales' }, context),
    )) as Response;
    expect(response.headers.get('location')).toBe(
      `/login?returnTo=${encodeURIComponent('/inbox/sales?page=2')}`,
    );
    expect(calls).toEqual([]);
  });
});

describe('loadInboxDefault', () => {
  const session = (hasListings: boolean) => ({ status: 200, body: { user: { hasListings } } });

  it('goes to sales for people with listings, otherwise to orders', async () => {
    const host = transactionContext(PROVIDER_ID, { 'GET /api/session': session(true) });
    expect(
      ((await outcome(() => loadInboxDefault(get('/inbox'), host.context))) as Response).headers.get(
        'location',
      ),
    ).toBe('/inbox/sales');
    const guest = transactionContext(CUSTOMER_ID, { 'GET /api/session': session(false) });
    expect(
      ((await outcome(() => loadInboxDefault(get('/inbox'), guest.context))) as Response).headers.get(
        'location',
      ),
    ).toBe('/inbox/orders');
  });

  it('sends a visitor to log in and back to /inbox', async () => {
    const { context } = transactionContext(null, {});
    const response = (await outcome(() => loadInboxDefault(get('/inbox'), context))) as Response;
    expect(response.headers.get('location')).toBe(`/login?returnTo=${encodeURIComponent('/inbox')}`);
  });
});

describe('inboxRow', () => {
  it.each([
    ['enquire', 'provider', 'enquiry', false],
    ['request-payment', 'customer', 'pending-payment', true],
    ['request-payment', 'provider', 'pending-payment', false],
    ['expire-payment', 'customer', 'payment-expired', false],
    ['confirm-payment', 'customer', 'requested', false],
    ['confirm-payment', 'provider', 'pending', true],
    ['accept', 'provider', 'accepted', false],
    ['decline', 'customer', 'declined', false],
    ['cancel', 'customer', 'canceled', false],
    ['complete', 'provider', 'delivered', false],
    ['review-1-by-customer', 'provider', 'delivered', false],
  ] as const)('after %s the %s sees %s (action needed: %s)', (lastTransition, role, state, actionNeeded) => {
    expect(inboxRow(transaction({ lastTransition, role }))).toMatchObject({ state, actionNeeded });
  });

  it('shows no state for a transition core does not know, and says so in the log', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(inboxRow(transaction({ lastTransition: 'teleport' as never }))).toMatchObject({
      state: null,
      actionNeeded: false,
    });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('keeps the placeholders’ flags for banned and deleted parties', () => {
    const banned = party({ id: CUSTOMER_ID, displayName: '', abbreviatedName: '', banned: true });
    expect(inboxRow(transaction({ customer: banned })).other).toEqual(banned);
  });
});
