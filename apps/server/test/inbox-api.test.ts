import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { browser, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import {
  type BookingApp,
  booked,
  buildBookingApp,
  hostListing,
  nextSlot,
  paid,
  people,
  runTransition,
} from './transactions.ts';

const database = await createTestDatabase();
let b: BookingApp;
let host: TestUser;
let guest: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  b = await buildBookingApp(database);
  [host, guest, stranger] = (await people(b.app, 3)) as [TestUser, TestUser, TestUser];
});

const get = (url: string, user?: TestUser) =>
  b.app.inject({ method: 'GET', url, headers: browser(user?.cookie) });
const awaiting = async (user: TestUser) => {
  const response = await get('/api/transactions/awaiting-count', user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().count;
};

describe('the inbox (issue 12)', () => {
  it('counts the host’s sales awaiting an answer, and only those', async () => {
    const listingId = await hostListing(b, host);
    const first = await booked(b, guest, listingId, ...nextSlot(b.clock, 1, 9));
    const second = await booked(b, guest, listingId, ...nextSlot(b.clock, 1, 11));
    await booked(b, guest, listingId, ...nextSlot(b.clock, 1, 13));
    // Pending payment waits for the customer, not the host.
    expect(await awaiting(host)).toBe(0);
    await paid(b, guest, first);
    await paid(b, guest, second);
    expect(await awaiting(host)).toBe(2);
    expect((await runTransition(b.app, host, first, 'accept')).statusCode).toBe(200);
    expect(await awaiting(host)).toBe(1);
    // The session carries it too: the root loader shows the dot without another call.
    expect((await get('/api/session', host)).json().user.salesAwaiting).toBe(1);
    expect((await get('/api/session', guest)).json().user.salesAwaiting).toBe(0);
    // The same count as the spec's query, without the rows.
    const listed = await get('/api/transactions?only=sale&lastTransitions=confirm-payment&perPage=100', host);
    expect(listed.json().data.map((t: { id: string }) => t.id)).toEqual([second]);
    // The customer's side and other people count nothing; visitors are refused.
    expect(await awaiting(guest)).toBe(0);
    expect(await awaiting(stranger)).toBe(0);
    expect((await get('/api/transactions/awaiting-count')).statusCode).toBe(401);
  });

  it('counts on the partial index, not by reading the host’s sales', async () => {
    const plan = await b.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select count(*) from transactions where provider_id = ${host.id} and last_transition = 'confirm-payment'`,
      );
    });
    expect(JSON.stringify(plan.rows)).toContain('transactions_awaiting_provider_idx');
  });

  it('reads a page of either tab in the index’s order, however deep: no sort (decision 0049)', async () => {
    for (const side of ['provider_id', 'customer_id']) {
      const plan = await b.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(
          sql`explain select id from transactions where ${sql.raw(side)} = ${host.id}
              order by last_transitioned_at desc, id desc limit 10 offset 5000`,
        );
      });
      const text = JSON.stringify(plan.rows);
      expect(text).toContain(
        side === 'provider_id' ? 'transactions_provider_idx' : 'transactions_customer_idx',
      );
      expect(text).not.toContain('Sort');
    }
  });

  it('lists a tab most recently changed first, 10 a page', async () => {
    const [h, g] = (await people(b.app, 2)) as [TestUser, TestUser];
    const ids: string[] = [];
    for (let n = 0; n < 12; n += 1) {
      ids.push(await booked(b, g, await hostListing(b, h), ...nextSlot(b.clock, 1)));
      b.clock.advance(60_000);
    }
    // The oldest changes last: it comes first.
    await paid(b, g, ids[0] as string);
    const page1 = (await get('/api/transactions?only=sale&page=1&perPage=10', h)).json();
    expect(page1.meta).toEqual({ page: 1, perPage: 10, totalItems: 12, totalPages: 2 });
    expect(page1.data.map((t: { id: string }) => t.id)).toEqual([
      ids[0],
      ...ids.slice(1).reverse().slice(0, 9),
    ]);
    const page2 = (await get('/api/transactions?only=sale&page=2&perPage=10', h)).json();
    expect(page2.data.map((t: { id: string }) => t.id)).toEqual([ids[2], ids[1]]);
    expect((await get('/api/transactions?only=order&page=1&perPage=10', h)).json().meta.totalItems).toBe(0);
  });
});
