import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/executor.ts';
import { images } from '../src/db/schema/index.ts';
import { freeTimeRefresher } from '../src/modules/search/free-time.ts';
import { seatBookingsReader, TRANSACTION_JOBS } from '../src/modules/transactions/index.ts';
import { browser, errorCode, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { storedJobs } from './jobs.ts';
import {
  type BookingApp,
  book,
  booked,
  buildBookingApp,
  hostListing,
  people,
  runFreeTimeJobs,
  TUESDAY_10,
  TUESDAY_11,
  TUESDAY_12,
  TUESDAY_13,
} from './transactions.ts';

/**
 * The booking request writes in one statement (decision 0060) and queues its listing's free-time
 * job with it; the job writes the same rows the refresher writes, with the bookings as they are
 * once the listing's turn is its own (decision 0065).
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
 * `request`, commits once `waiting` requests wait for the turn, and returns the request's answer.
 * With `changeWhileWaiting`, the change runs once they wait, just before the commit.
 */
async function whileTurnHeld<T>(
  listingId: string,
  change: string,
  request: () => Promise<T>,
  options: { waiting?: number; changeWhileWaiting?: boolean } = {},
): Promise<T> {
  const waiting = options.waiting ?? 1;
  const holder = await database.pool.connect();
  try {
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock(hashtextextended($1, 32))', [listingId]);
    if (!options.changeWhileWaiting) await holder.query(change, [listingId]);
    const answer = request();
    for (let tries = 0; ; tries += 1) {
      const waiters = await b.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
      );
      if (waiters.rows[0]?.n === waiting) break;
      if (tries > 500) throw new Error('the request never waited for the turn');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (options.changeWhileWaiting) await holder.query(change, [listingId]);
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

/** The statements `work` sends to PostgreSQL (every pooled client's), by their text. */
async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  const texts: string[] = [];
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    texts.push(typeof first === 'string' ? first : (first.text ?? ''));
    return query.apply(this, args);
  };
  try {
    return { result: await work(), texts };
  } finally {
    prototype.query = query;
  }
}

describe('the free time after a booking (decision 0065)', () => {
  /** The listing's waiting `transactions.free-time` jobs. */
  async function waitingJobs(listingId: string): Promise<number> {
    const jobs = await storedJobs(b.db, TRANSACTION_JOBS.freeTime);
    return jobs.filter((job) => job.state === 'created' && job.singletonKey === listingId).length;
  }

  it('is written by the job the booking queued: what the refresher computes, with the other bookings and exceptions', async () => {
    const listingId = await hostListing(b, host);
    await b.db.execute(sql`
      insert into availability_exceptions (listing_id, starts_at, ends_at, seats)
      values (${listingId}, ${TUESDAY_13}::timestamptz, ${TUESDAY_13}::timestamptz + interval '1 hour', 0)`);
    const before = await storedFreeTime(listingId);
    await booked(b, guest, listingId, TUESDAY_10, TUESDAY_11);
    // Until its job runs, the search's free time is as it was.
    expect(await storedFreeTime(listingId)).toEqual(before);
    expect(await waitingJobs(listingId)).toBe(1);
    expect(await runFreeTimeJobs(b)).toContain(listingId);
    const first = await storedFreeTime(listingId);
    expect(first?.exact).not.toBe(before?.exact);
    expect(first).toEqual(await refreshed(listingId));
    await booked(b, stranger, listingId, TUESDAY_11, TUESDAY_12);
    await runFreeTimeJobs(b);
    expect(await storedFreeTime(listingId)).toEqual(await refreshed(listingId));
    expect(await isFree(listingId, TUESDAY_10, TUESDAY_11)).toBe(false);
    expect(await isFree(listingId, TUESDAY_11, TUESDAY_12)).toBe(false);
    expect(await isFree(listingId, TUESDAY_12, TUESDAY_13)).toBe(true);
  });

  it('is refreshed once for the bookings that came while the listing’s job waited', async () => {
    const listingId = await hostListing(b, host);
    await booked(b, guest, listingId, TUESDAY_10, TUESDAY_11);
    await booked(b, stranger, listingId, TUESDAY_11, TUESDAY_12);
    await booked(b, guest, listingId, TUESDAY_12, TUESDAY_13);
    expect(await waitingJobs(listingId)).toBe(1);
    expect((await runFreeTimeJobs(b)).filter((id) => id === listingId)).toEqual([listingId]);
    expect(await isFree(listingId, TUESDAY_10, TUESDAY_13)).toBe(false);
    expect(await storedFreeTime(listingId)).toEqual(await refreshed(listingId));
    // Once it ran, the next booking queues a job of its own.
    await booked(b, stranger, listingId, TUESDAY_13, `${TUESDAY_13.slice(0, 11)}14:00:00.000Z`);
    expect(await waitingJobs(listingId)).toBe(1);
  });

  it('waits for a booking that holds the listing’s turn, and includes it', async () => {
    const listingId = await hostListing(b, host);
    await booked(b, guest, listingId, TUESDAY_10, TUESDAY_11);
    await runFreeTimeJobs(b);
    // A booking's seats are released in the listing's turn while the job waits for it: the job's
    // refresh reads the bookings once the turn is its own.
    await whileTurnHeld(listingId, `update bookings set holds_seats = false where listing_id = $1`, () =>
      b.engine.refreshListingFreeTime(listingId),
    );
    expect(await isFree(listingId, TUESDAY_10, TUESDAY_11)).toBe(true);
    expect(await storedFreeTime(listingId)).toEqual(await refreshed(listingId));
  });

  it('is not queued when the exclusion constraint refuses the booking', async () => {
    const listingId = await hostListing(b, host);
    const first = await booked(b, guest, listingId, TUESDAY_10, TUESDAY_12);
    await runFreeTimeJobs(b);
    await b.db.execute(sql`update bookings set holds_seats = false where transaction_id = ${first}`);
    // The seats are held again in the listing's turn after the next request's checks saw them
    // free: its booking meets the constraint, and nothing of it is written, its job neither.
    const { result: refused, texts } = await whileTurnHeld(
      listingId,
      `update bookings set holds_seats = true where listing_id = $1`,
      () => statementsOf(() => book(b.app, stranger, listingId, TUESDAY_11, TUESDAY_13)),
    );
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'transaction-booking-time-not-available']);
    expect(texts.filter((text) => /^\s*begin\b/i.test(text))).toEqual([]);
    expect(await waitingJobs(listingId)).toBe(0);
    const written = await b.db.execute<{ n: number }>(
      sql`select count(*)::int as n from transactions where listing_id = ${listingId}`,
    );
    expect(written.rows[0]?.n).toBe(1);
  });
});

describe('the booking in one statement (decision 0060)', () => {
  it('writes nothing before the listing’s turn is its own', async () => {
    const listingId = await hostListing(b, host);
    const first = await booked(b, guest, listingId, TUESDAY_10, TUESDAY_12);
    await b.db.execute(sql`update bookings set holds_seats = false where transaction_id = ${first}`);
    // The turn's holder holds those seats again while the request waits for the turn. Had the
    // request inserted its overlapping booking before taking the turn, the holder's update would wait
    // for the request and the request for the holder: a deadlock. Taken in order, the holder's update
    // passes and the request's gate finds the time taken.
    const refused = await whileTurnHeld(
      listingId,
      `update bookings set holds_seats = true where listing_id = $1`,
      () => book(b.app, stranger, listingId, TUESDAY_11, TUESDAY_13),
      { changeWhileWaiting: true },
    );
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'transaction-booking-time-not-available']);
    const held = await b.db.execute<{ n: number }>(
      sql`select count(*)::int as n from bookings where listing_id = ${listingId} and holds_seats`,
    );
    expect(held.rows[0]?.n).toBe(1);
  });

  /** The answer kept under the key that claimed `transactionId`. */
  async function keptAnswer(transactionId: string): Promise<unknown> {
    const rows = await b.db.execute<{ response: unknown }>(
      sql`select response from idempotency_keys where transaction_id = ${transactionId}`,
    );
    return rows.rows[0]?.response;
  }

  it('writes the booking and queues its jobs in one statement, with no transaction around it', async () => {
    const listingId = await hostListing(b, host);
    await booked(b, guest, listingId, TUESDAY_10, TUESDAY_11);
    const { result: response, texts } = await statementsOf(() =>
      book(b.app, stranger, listingId, TUESDAY_12, TUESDAY_13),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(texts.filter((text) => /^\s*(begin|commit)\b/i.test(text))).toEqual([]);
    expect(texts.filter((text) => text.includes('hora_key_gate('))).toHaveLength(1);
    // The session, the context, the writes: the answer is kept with the key they claim, the
    // payment intent having been made before them (decision 0064).
    expect(texts).toHaveLength(3);
    expect(texts.filter((text) => text.includes('update idempotency_keys'))).toEqual([]);
    expect(await keptAnswer(response.json().transaction.id)).toEqual({ status: 201, body: response.json() });
    const booking = await b.db.execute<{ n: number }>(
      sql`select count(*)::int as n from bookings where listing_id = ${listingId} and holds_seats`,
    );
    expect(booking.rows[0]?.n).toBe(2);
  });

  it('answers a request sent twice at once, with one key, with one booking', async () => {
    const listingId = await hostListing(b, host);
    const key = randomUUID();
    // Both wait for the turn, past their context reads: the second finds the key taken.
    const [first, second] = await whileTurnHeld(
      listingId,
      'select $1::text',
      () =>
        Promise.all([
          book(b.app, guest, listingId, TUESDAY_10, TUESDAY_11, { key }),
          book(b.app, guest, listingId, TUESDAY_10, TUESDAY_11, { key }),
        ]),
      { waiting: 2 },
    );
    expect([first?.statusCode, second?.statusCode]).toEqual([201, 201]);
    expect(second?.json().transaction.id).toBe(first?.json().transaction.id);
    const written = await b.db.execute<{ n: number }>(
      sql`select count(*)::int as n from transactions where listing_id = ${listingId}`,
    );
    expect(written.rows[0]?.n).toBe(1);
  });
});

describe('the booking statement’s checks (migrations 0024, 0028)', () => {
  /** The SQLSTATE `statement` fails with, or null. */
  async function failure(statement: ReturnType<typeof sql>): Promise<string | null> {
    try {
      await b.db.execute(statement);
      return null;
    } catch (error) {
      const cause = (error as { cause?: { code?: string }; code?: string }).cause ?? error;
      return (cause as { code?: string }).code ?? 'unknown';
    }
  }

  it('the gate refuses a key another request took (migration 0028)', async () => {
    expect(await failure(sql`select hora_key_gate(true)`)).toBeNull();
    expect(await failure(sql`select hora_key_gate(false)`)).toBe('HRK01');
  });

  it('a statement that queued fewer jobs than it asked for fails', async () => {
    expect(await failure(sql`select hora_jobs_queued(3, 3)`)).toBeNull();
    expect(await failure(sql`select hora_jobs_queued(2, 3)`)).toBe('HRQ01');
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
