import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import {
  type BookingApp,
  book,
  booked,
  buildBookingApp,
  hostListing,
  nextSlot,
  paid,
  people,
} from './transactions.ts';

const database = await createTestDatabase();
let b: BookingApp;
let host: TestUser;
let guest: TestUser;
let other: TestUser;

beforeAll(async () => {
  b = await buildBookingApp(database, { unpaidHoldsMax: 2 });
  [host, guest, other] = (await people(b.app, 3)) as [TestUser, TestUser, TestUser];
});

describe('bookings waiting for payment', () => {
  it('are capped per customer: one account cannot keep every free hour held', async () => {
    const listingId = await hostListing(b, host);
    const first = await booked(b, guest, listingId, ...nextSlot(b.clock, 1, 10));
    await booked(b, guest, listingId, ...nextSlot(b.clock, 1, 11));

    const third = await book(b.app, guest, listingId, ...nextSlot(b.clock, 1, 12));
    expect(third.statusCode, third.body).toBe(429);
    expect(errorCode(third)).toBe('transaction-too-many-unpaid');
    // Nothing was held: someone else books that hour.
    await booked(b, other, listingId, ...nextSlot(b.clock, 1, 12));

    // Paying one frees a place under the cap.
    await paid(b, guest, first);
    await booked(b, guest, listingId, ...nextSlot(b.clock, 1, 13));
  });
});
