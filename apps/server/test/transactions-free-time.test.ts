import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/executor.ts';
import { images } from '../src/db/schema/index.ts';
import { freeTimeRefresher } from '../src/modules/search/free-time.ts';
import { seatBookingsReader } from '../src/modules/transactions/index.ts';
import { browser, errorCode, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import {
  type BookingApp,
  book,
  booked,
  buildBookingApp,
  hostListing,
  people,
  TUESDAY_10,
  TUESDAY_11,
  TUESDAY_12,
  TUESDAY_13,
} from './transactions.ts';

/**
 * The booking request writes the listing's free time in its writes statement, computed from what
 * its turn statement read (decision 0052's addendum): the same rows the refresher writes, and the
 * bookings as they are once the turn is taken, not as the request's context saw them.
 */
const database = await createTestDatabase();
let b: BookingApp;
let host: TestUser;
let guest: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  b = await buildBookingApp(database, { listingImages: 'stored' });
  [host, guest, stranger] = (await people(b.app, 3)) as [TestUser, TestUser, TestUser];
});

/** Both stored rows of the listing's free time, as text. */
async function storedFreeTime(listingId: string, executor: Executor = b.db) {
  const result = await executor.execute<{ exact: string | null; days: string | null }>(sql`
    select (select row_to_json(t)::text from listing_free_time t where t.listing_id = ${listingId}) as exact,
      (select row_to_json(d)::text from listing_free_days d where d.listing_id = ${listingId}) as days`);
  return result.rows[0];
}

/** What the refresher writes for the listing now, read in a transaction then undone. */
async function refreshed(listingId: string) {
  const undo = new Error('undo');
  let rows: Awaited<ReturnType<typeof storedFreeTime>>;
  await b.db
    .transaction(async (tx) => {
      await freeTimeRefresher({ clock: b.clock, bookings: seatBookingsReader(tx) }).refresh(tx, [listingId]);
      rows = await storedFreeTime(listingId, tx);
      throw undo;
    })
    .catch((error) => {
      if (error !== undo) throw error;
    });
  return rows;
}

/**
 * Runs `change` (with the listing's id as $1) in a transaction holding the listing's turn, starts
 * `request`, commits once the request waits for the turn, and returns the request's answer.
 */
async function whileTurnHeld<T>(listingId: string, change: string, request: () => Promise<T>): Promise<T> {
  const holder = await database.pool.connect();
  try {
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock(hashtextextended($1, 32))', [listingId]);
    await holder.query(change, [listingId]);
    const answer = request();
    for (let tries = 0; ; tries += 1) {
      const waiting = await b.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
      );
      if (waiting.rows[0]?.n === 1) break;
      if (tries > 500) throw new Error('the request never waited for the turn');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await holder.query('commit');
    return await answer;
  } finally {
    holder.release();
  }
}

async function isFree(listingId: string, start: string, end: string): Promise<boolean> {
  const result = await b.db.execute<{ free: boolean }>(sql`
    select free @> tstzrange(${start}::timestamptz, ${end}::timestamptz) as free
    from listing_free_time where listing_id = ${listingId}`);
  return result.rows[0]?.free as boolean;
}

describe('the free time a booking writes', () => {
  it('is what the refresher computes, with the listing’s other bookings and its exceptions', async () => {
    const listingId = await hostListing(b, host);
    await b.db.execute(sql`
      insert into availability_exceptions (listing_id, starts_at, ends_at, seats)
      values (${listingId}, ${TUESDAY_13}::timestamptz, ${TUESDAY_13}::timestamptz + interval '1 hour', 0)`);
    await booked(b, guest, listingId, TUESDAY_10, TUESDAY_11);
    const first = await storedFreeTime(listingId);
    expect(first).toEqual(await refreshed(listingId));
    await booked(b, stranger, listingId, TUESDAY_11, TUESDAY_12);
    const second = await storedFreeTime(listingId);
    expect(second?.exact).not.toBe(first?.exact);
    expect(second).toEqual(await refreshed(listingId));
    expect(await isFree(listingId, TUESDAY_10, TUESDAY_11)).toBe(false);
    expect(await isFree(listingId, TUESDAY_11, TUESDAY_12)).toBe(false);
    expect(await isFree(listingId, TUESDAY_12, TUESDAY_13)).toBe(true);
  });

  it('holds the bookings as they are once the turn is taken, not as the request’s context read them', async () => {
    const listingId = await hostListing(b, host);
    await booked(b, guest, listingId, TUESDAY_10, TUESDAY_11);
    // Another transaction releases that booking's seats (as a decline or an expiry does) in the
    // listing's turn, and commits once the next request waits for the turn: that request's context
    // read saw the seats held; its free time must not.
    const response = await whileTurnHeld(
      listingId,
      `update bookings set holds_seats = false where listing_id = $1`,
      () => book(b.app, stranger, listingId, TUESDAY_12, TUESDAY_13),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(await isFree(listingId, TUESDAY_10, TUESDAY_11)).toBe(true);
    expect(await isFree(listingId, TUESDAY_12, TUESDAY_13)).toBe(false);
    expect(await storedFreeTime(listingId)).toEqual(await refreshed(listingId));
  });

  it('is not written when the exclusion constraint refuses the booking', async () => {
    const listingId = await hostListing(b, host);
    const first = await booked(b, guest, listingId, TUESDAY_10, TUESDAY_12);
    await b.db.execute(sql`update bookings set holds_seats = false where transaction_id = ${first}`);
    const before = await storedFreeTime(listingId);
    // The seats are held again in the listing's turn after the next request's checks saw them
    // free: its booking meets the constraint, and nothing of it is written, its free time neither.
    const refused = await whileTurnHeld(
      listingId,
      `update bookings set holds_seats = true where listing_id = $1`,
      () => book(b.app, stranger, listingId, TUESDAY_11, TUESDAY_13),
    );
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'transaction-booking-time-not-available']);
    expect(await storedFreeTime(listingId)).toEqual(before);
    const written = await b.db.execute<{ n: number }>(
      sql`select count(*)::int as n from transactions where listing_id = ${listingId}`,
    );
    expect(written.rows[0]?.n).toBe(1);
  });
});

describe('the booking’s answer', () => {
  it('shows the listing’s cover photo read with the request’s context, as a later read shows it', async () => {
    const listingId = await hostListing(b, host);
    const photo = (position: number) => {
      const id = randomUUID();
      return {
        id,
        ownerId: host.id,
        kind: 'listing',
        width: 1600,
        height: 1200 - position,
        listingId,
        position,
        keyPrefix: `listings/${listingId}/${id}/`,
      };
    };
    const [second, cover] = [photo(1), photo(0)];
    await b.db.insert(images).values([second, cover]);
    const response = await book(b.app, guest, listingId, TUESDAY_10, TUESDAY_11);
    expect(response.statusCode, response.body).toBe(201);
    const answered = response.json().transaction.listing;
    expect(answered.image.id).toBe(cover.id);
    const shown = await b.app.inject({
      method: 'GET',
      url: `/api/transactions/${response.json().transaction.id}`,
      headers: browser(guest.cookie),
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(answered.image).toEqual(shown.json().transaction.listing.image);
  });
});
