import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../src/clock.ts';
import { connectDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { bookings } from '../src/db/schema/index.ts';
import { errorCode, type TestUser } from './accounts.ts';
import type { TestDatabase } from './database.ts';
import { adminQuery, withDatabase } from './database-url.ts';
import { FakeCharges } from './fake-charges.ts';
import { NOW } from './listings.ts';
import { type BookingApp, book, buildBookingApp, hostListing, people } from './transactions.ts';

/**
 * The last word against double booking, on the PostgreSQL 15 server CI runs beside the embedded
 * one: simultaneous requests, on one app instance and on two sharing the database. Skipped when no
 * server answers at 127.0.0.1:5432 (HORA_PG15_URL points elsewhere).
 */
const ADMIN_URL = process.env.HORA_PG15_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const available = await reachable(ADMIN_URL);

describe.skipIf(!available)('simultaneous booking requests on PostgreSQL 15', () => {
  const name = `hora_engine_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const connections: ReturnType<typeof connectDatabase>[] = [];
  let one: BookingApp;
  let two: BookingApp;
  let host: TestUser;
  let customers: TestUser[];

  function open(): TestDatabase {
    const url = withDatabase(ADMIN_URL, name);
    const connection = connectDatabase(url, { max: 10 });
    connections.push(connection);
    return { ...connection, url, name };
  }

  let charges: FakeCharges;

  beforeAll(async () => {
    await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
    const first = open();
    await runMigrations(first.pool);
    // Two instances: their own pools and engines, one database, one clock reading, one provider.
    const clock = new TestClock(NOW);
    charges = new FakeCharges();
    one = await buildBookingApp(first, { clock, charges });
    two = await buildBookingApp(open(), { clock, charges });
    host = (await people(one.app, 1))[0] as TestUser;
    customers = await people(one.app, 50);
    two.payouts.ready.add(host.id);
  }, 120_000);

  afterAll(async () => {
    for (const connection of connections) await connection.close();
    await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  async function holds(listingId: string): Promise<number> {
    const rows = await one.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(sql`${bookings.listingId} = ${listingId} and ${bookings.holdsSeats}`);
    return rows[0]?.n ?? 0;
  }

  function outcome(responses: { statusCode: number; body: string }[]) {
    const codes = responses.map((r) => (r.statusCode === 201 ? 'created' : errorCode(r as never)));
    return {
      created: codes.filter((c) => c === 'created').length,
      refused: codes.filter((c) => c === 'transaction-booking-time-not-available').length,
      other: codes.filter((c) => c !== 'created' && c !== 'transaction-booking-time-not-available'),
    };
  }

  it('gives one booking and 49 × 409 to 50 requests for the same slot', async () => {
    const listingId = await hostListing(one, host);
    const earlier = new Set(charges.intents.map((intent) => intent.id));
    const responses = await Promise.all(
      customers.map((c) => book(one.app, c, listingId, '2026-05-05T08:00:00Z', '2026-05-05T10:00:00Z')),
    );
    expect(outcome(responses)).toEqual({ created: 1, refused: 49, other: [] });
    expect(await holds(listingId)).toBe(1);
    // Each request's intent was made before its writes (decision 0064): the winner's waits for the
    // card, the refused ones' are canceled.
    const won = responses.find((r) => r.statusCode === 201)?.body ?? '{}';
    // (A request whose context read saw the winner's booking is refused before making one.)
    const made = charges.intents.filter((intent) => !earlier.has(intent.id));
    expect(made.length).toBeLessThanOrEqual(50);
    expect(
      made.filter((intent) => intent.status !== 'canceled').map((i) => i.metadata.transactionId),
    ).toEqual([JSON.parse(won).transaction.id]);
  });

  it('refuses overlapping ranges that are not identical the same way', async () => {
    const listingId = await hostListing(one, host);
    // Every range covers 11:00–12:00 in Madrid (09:00–10:00Z): at most one can hold it.
    const ranges = [
      ['2026-05-05T08:00:00Z', '2026-05-05T10:00:00Z'],
      ['2026-05-05T09:00:00Z', '2026-05-05T11:00:00Z'],
      ['2026-05-05T09:00:00Z', '2026-05-05T10:00:00Z'],
      ['2026-05-05T07:00:00Z', '2026-05-05T10:00:00Z'],
      ['2026-05-05T09:00:00Z', '2026-05-05T12:00:00Z'],
    ] as const;
    const responses = await Promise.all(
      customers.map((c, i) => {
        const [start, end] = ranges[i % ranges.length] as readonly [string, string];
        return book(one.app, c, listingId, start, end);
      }),
    );
    expect(outcome(responses)).toEqual({ created: 1, refused: 49, other: [] });
    expect(await holds(listingId)).toBe(1);
  });

  it('books adjacent ranges side by side', async () => {
    const listingId = await hostListing(one, host);
    // 09:00–18:00 in Madrid, hour by hour: nine requests at once, all accepted.
    const responses = await Promise.all(
      Array.from({ length: 9 }, (_, hour) =>
        book(
          one.app,
          customers[hour] as TestUser,
          listingId,
          `2026-05-06T${String(7 + hour).padStart(2, '0')}:00:00Z`,
          `2026-05-06T${String(8 + hour).padStart(2, '0')}:00:00Z`,
        ),
      ),
    );
    expect(outcome(responses)).toEqual({ created: 9, refused: 0, other: [] });
    expect(await holds(listingId)).toBe(9);
  });

  it('holds across two server instances sharing the database', async () => {
    const listingId = await hostListing(one, host);
    const responses = await Promise.all(
      customers.map((c, i) =>
        book((i % 2 === 0 ? one : two).app, c, listingId, '2026-05-07T08:00:00Z', '2026-05-07T10:00:00Z'),
      ),
    );
    expect(outcome(responses)).toEqual({ created: 1, refused: 49, other: [] });
    expect(await holds(listingId)).toBe(1);
    // And overlapping ranges split over the two.
    const overlapping = await Promise.all(
      customers.map((c, i) =>
        book(
          (i % 2 === 0 ? one : two).app,
          c,
          listingId,
          i % 2 === 0 ? '2026-05-07T11:00:00Z' : '2026-05-07T12:00:00Z',
          '2026-05-07T14:00:00Z',
        ),
      ),
    );
    expect(outcome(overlapping)).toEqual({ created: 1, refused: 49, other: [] });
    expect(await holds(listingId)).toBe(2);
  });
});
