import { beforeAll, describe, expect, it } from 'vitest';
import { transactionNotificationFacts } from '../src/modules/transactions/index.ts';
import type { TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { type BookingApp, book, buildBookingApp, hostListing, nextSlot, people } from './transactions.ts';

const database = await createTestDatabase();
let b: BookingApp;
let host: TestUser;
let guest: TestUser;

beforeAll(async () => {
  b = await buildBookingApp(database);
  [host, guest] = (await people(b.app, 2)) as [TestUser, TestUser];
});

describe('what the notifications job reads about a transaction', () => {
  it('gives the parties, the listing, the booking, the price and the customer’s first message', async () => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock);
    const response = await book(b.app, guest, listingId, start, end, { message: '  ¿Hay proyector?  ' });
    expect(response.statusCode, response.body).toBe(201);
    const transaction = response.json().transaction;

    const facts = await transactionNotificationFacts(b.db).find(transaction.id);

    expect(facts).toEqual({
      id: transaction.id,
      customerId: guest.id,
      providerId: host.id,
      listing: { id: listingId, title: transaction.listing.title, timeZone: 'Europe/Madrid' },
      booking: { start: new Date(start), end: new Date(end) },
      lineItems: transaction.lineItems,
      payinTotal: transaction.payinTotal,
      firstMessage: '¿Hay proyector?',
    });
  });

  it('has no first message when the customer wrote none, and nothing for an unknown id', async () => {
    const listingId = await hostListing(b, host);
    const [start, end] = nextSlot(b.clock, 1, 15);
    const response = await book(b.app, guest, listingId, start, end);
    expect(response.statusCode, response.body).toBe(201);
    const reader = transactionNotificationFacts(b.db);

    expect((await reader.find(response.json().transaction.id))?.firstMessage).toBeNull();
    expect(await reader.find('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
