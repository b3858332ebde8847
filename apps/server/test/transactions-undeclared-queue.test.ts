import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_JOBS } from '../src/modules/transactions/index.ts';
import type { TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import {
  type BookingApp,
  book,
  buildBookingApp,
  hostListing,
  people,
  TUESDAY_10,
  TUESDAY_11,
} from './transactions.ts';

/**
 * A booking request writes everything in one statement, its jobs included (decision 0060). pg-boss
 * queues a job only into a declared queue and skips the others without an error, so the statement
 * counts its jobs: a timer that would be lost fails the whole statement, and nothing is written.
 */
const database = await createTestDatabase();
let b: BookingApp;
let host: TestUser;
let guest: TestUser;

beforeAll(async () => {
  b = await buildBookingApp(database);
  [host, guest] = (await people(b.app, 2)) as [TestUser, TestUser];
});

async function written() {
  const { rows } = await database.db.execute<{
    transactions: number;
    bookings: number;
    keys: number;
    jobs: number;
  }>(sql`
    select (select count(*)::int from transactions) as transactions, (select count(*)::int from bookings) as bookings,
      (select count(*)::int from idempotency_keys) as keys, (select count(*)::int from pgboss.job) as jobs`);
  return rows[0];
}

describe('a booking whose timer queue is not declared', () => {
  it('fails whole, writes nothing, and books once the queue is back', async () => {
    const listingId = await hostListing(b, host);
    const before = await written();
    const queue = TRANSACTION_JOBS.timer;
    // The queue's row goes, as on a database where it was never declared (it holds no job yet).
    const { rows: saved } = await database.db.execute(sql`
      with gone as (delete from pgboss.queue where name = ${queue} returning *) select row_to_json(gone)::text as row from gone`);
    expect(saved).toHaveLength(1);
    const refused = await book(b.app, guest, listingId, TUESDAY_10, TUESDAY_11);
    expect(refused.statusCode).toBe(500);
    expect(await written()).toEqual(before);

    await database.db.execute(sql`
      insert into pgboss.queue select * from json_populate_record(null::pgboss.queue, ${(saved[0] as { row: string }).row}::json)`);
    const booked = await book(b.app, guest, listingId, TUESDAY_10, TUESDAY_11);
    expect(booked.statusCode, booked.body).toBe(201);
    const after = await written();
    expect(after?.transactions).toBe((before?.transactions ?? 0) + 1);
    expect(after?.bookings).toBe((before?.bookings ?? 0) + 1);
  });
});
