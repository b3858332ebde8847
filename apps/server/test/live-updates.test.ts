import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionMessages } from '../src/db/schema/index.ts';
import { browser, errorCode, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';
import { type EventStreamClient, openEventStream } from './live-events.ts';
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
let a: BookingApp;
/** A second server instance on the same database, as behind a load balancer. */
let b: FastifyInstance;
let host: TestUser;
let guest: TestUser;
let stranger: TestUser;
let listingId: string;
const streams: EventStreamClient[] = [];

async function stream(app: FastifyInstance, user?: TestUser, headers: Record<string, string> = {}) {
  const opened = await openEventStream(app, user?.cookie, headers);
  streams.push(opened);
  return opened;
}

const about = (transaction: string, kind?: string) => (event: Record<string, unknown>) =>
  event.transaction === transaction && (kind === undefined || event.kind === kind);

/** No event arrives for the stream within a moment (the one after the parties' did). */
async function quietFor(client: EventStreamClient, ms = 300) {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return client.events();
}

beforeAll(async () => {
  a = await buildBookingApp(database);
  b = await buildTestApp(database.db, {}, { captcha: fakeCaptcha });
  await Promise.all([a.app.ready(), b.ready()]);
  await Promise.all([a.app.liveUpdates.listener.listening(), b.liveUpdates.listener.listening()]);
  [host, guest, stranger] = (await people(a.app, 3)) as [TestUser, TestUser, TestUser];
  listingId = await hostListing(a, host);
});

afterAll(() => {
  for (const client of streams) client.close();
});

describe('live updates: GET /api/events (issue 12, decision 0048)', () => {
  it('refuses visitors with 401', async () => {
    const response = await a.app.inject({ method: 'GET', url: '/api/events', headers: browser() });
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('unauthorized');
    const opened = await stream(a.app);
    expect(opened.status).toBe(401);
  });

  it('has no HEAD route (it would hold a stream open for nothing)', async () => {
    const response = await a.app.inject({
      method: 'HEAD',
      url: '/api/events',
      headers: browser(guest.cookie),
    });
    expect(response.statusCode).toBe(404);
  });

  it('is an uncompressed, uncached event stream', async () => {
    const opened = await stream(a.app, guest, { 'accept-encoding': 'br, gzip' });
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(opened.headers['content-encoding']).toBeUndefined();
    expect(opened.headers['cache-control']).toBe('no-store');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened.raw()).toContain('retry: ');
    opened.close();
  });

  it('tells both parties of a transition, each with their role, and a third person nothing', async () => {
    const [hostStream, guestStream, strangerStream] = await Promise.all([
      stream(a.app, host),
      stream(a.app, guest),
      stream(a.app, stranger),
    ]);
    const id = await booked(a, guest, listingId, ...nextSlot(a.clock, 1, 9));
    expect(await hostStream.next(about(id, 'transition'))).toEqual({
      kind: 'transition',
      transaction: id,
      role: 'provider',
    });
    expect(await guestStream.next(about(id, 'transition'))).toEqual({
      kind: 'transition',
      transaction: id,
      role: 'customer',
    });
    await paid(a, guest, id);
    // confirm-payment: the host's second event about it.
    expect(await hostStream.next(about(id))).toEqual({
      kind: 'transition',
      transaction: id,
      role: 'provider',
    });
    expect(await quietFor(strangerStream)).toEqual([]);
  });

  it('tells of a new message without its content', async () => {
    const [hostStream, strangerStream] = await Promise.all([stream(a.app, host), stream(a.app, stranger)]);
    const id = await booked(a, guest, listingId, ...nextSlot(a.clock, 1, 11));
    await hostStream.next(about(id, 'transition'));
    const secret = `Llego a las diez ${randomUUID()}`;
    await database.db
      .insert(transactionMessages)
      .values({ transactionId: id, senderId: guest.id, content: secret, createdAt: a.clock.now() });
    expect(await hostStream.next(about(id, 'message'))).toEqual({
      kind: 'message',
      transaction: id,
      role: 'provider',
    });
    expect(hostStream.raw()).not.toContain(secret);
    expect(hostStream.raw()).not.toContain('Llego');
    expect(await quietFor(strangerStream)).toEqual([]);
  });

  it('reaches a subscriber on another instance: written through A, received on B', async () => {
    const onB = await stream(b, host);
    const strangerOnB = await stream(b, stranger);
    const id = await booked(a, guest, listingId, ...nextSlot(a.clock, 1, 13));
    await paid(a, guest, id);
    expect((await runTransition(a.app, host, id, 'accept')).statusCode).toBe(200);
    // request-payment, confirm-payment, accept: three statements, three events on B.
    for (let n = 0; n < 3; n += 1) {
      expect(await onB.next(about(id))).toEqual({ kind: 'transition', transaction: id, role: 'provider' });
    }
    expect(await quietFor(strangerOnB)).toEqual([]);
  });

  it('ends the streams of a session when it logs out, on every instance', async () => {
    const [person] = (await people(a.app, 1)) as [TestUser];
    const onA = await stream(a.app, person);
    const onB = await stream(b, person);
    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: browser(person.cookie),
    });
    expect(logout.statusCode).toBe(200);
    await Promise.all([onA.ended, onB.ended]);
    expect((await stream(b, person)).status).toBe(401);
  });

  it('ends the streams of a person banned meanwhile at the next session check', async () => {
    const [person] = (await people(a.app, 1)) as [TestUser];
    const opened = await stream(b, person);
    await b.liveUpdates.hub.checkSessions();
    expect(b.liveUpdates.hub.size).toBeGreaterThan(0);
    await database.db.execute(sql`update users set banned = true where id = ${person.id}`);
    await b.liveUpdates.hub.checkSessions();
    await opened.ended;
  });

  it('limits the streams of one person and of one instance', async () => {
    const limited = await buildTestApp(
      database.db,
      {},
      {
        captcha: fakeCaptcha,
        liveUpdates: { maxPerUser: 2, maxTotal: 3 },
      },
    );
    const [one, two] = (await people(limited, 2)) as [TestUser, TestUser];
    const firstOfOne = await stream(limited, one);
    expect(firstOfOne.status).toBe(200);
    expect((await stream(limited, one)).status).toBe(200);
    const third = await limited.inject({ method: 'GET', url: '/api/events', headers: browser(one.cookie) });
    expect(third.statusCode).toBe(429);
    expect(third.json().errors[0]).toMatchObject({
      code: 'rate-limited',
      meta: { reason: 'too-many-streams' },
    });
    expect((await stream(limited, two)).status).toBe(200);
    // The instance is full (3): another person's second stream is refused too.
    expect((await stream(limited, two)).status).toBe(429);
    // A stream that closes gives its place back.
    firstOfOne.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await stream(limited, two)).status).toBe(200);
  });

  it('tells every stream to read again after its LISTEN connection was replaced', async () => {
    const opened = await stream(a.app, stranger);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN hora_live'`,
    );
    expect(await opened.next((event) => event.kind === 'resync', 10_000)).toEqual({ kind: 'resync' });
    // And it listens again.
    const hostStream = await stream(a.app, host);
    const id = await booked(a, guest, listingId, ...nextSlot(a.clock, 1, 15));
    await hostStream.next(about(id, 'transition'), 10_000);
  });

  it('ends its streams when the server closes, without holding the close open', async () => {
    const closing = await buildTestApp(database.db, {}, { captcha: fakeCaptcha });
    const opened = await stream(closing, guest);
    expect(opened.status).toBe(200);
    const started = performance.now();
    await closing.close();
    await opened.ended;
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
