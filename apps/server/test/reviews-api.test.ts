import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxSms } from '../src/adapters/sms/index.ts';
import { emailOutbox, users } from '../src/db/schema/index.ts';
import { sendReviewReminders } from '../src/modules/notifications/index.ts';
import { transactionNotificationFacts } from '../src/modules/transactions/index.ts';
import { browser, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { recordingLogger } from './jobs.ts';
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
let listingId: string;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  b = await buildBookingApp(database);
  [host, guest, stranger] = (await people(b.app, 3)) as [TestUser, TestUser, TestUser];
  listingId = await hostListing(b, host);
});

/** A booking of `guest` at `host`'s listing, paid, accepted and completed at its end. */
async function delivered(customer = guest): Promise<{ id: string; end: string }> {
  const [start, end] = nextSlot(b.clock);
  const id = await booked(b, customer, listingId, start, end);
  await paid(b, customer, id);
  expect((await runTransition(b.app, host, id, 'accept')).statusCode).toBe(200);
  b.clock.set(end);
  expect(await b.engine.runTimer({ transactionId: id, transition: 'complete' })).toBe('ran');
  return { id, end };
}

function review(
  app: FastifyInstance,
  user: TestUser | null,
  id: string,
  payload: Record<string, unknown> = { rating: 5, content: 'Todo perfecto, volveré.' },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/transactions/${id}/reviews`,
    headers: browser(user?.cookie),
    payload,
  });
}

async function visible(user: TestUser, id: string) {
  const response = await b.app.inject({
    method: 'GET',
    url: `/api/transactions/${id}/reviews`,
    headers: browser(user.cookie),
  });
  return { status: response.statusCode, data: response.statusCode === 200 ? response.json().data : null };
}

async function publicReviews(query: string) {
  const response = await b.app.inject({ method: 'GET', url: `/api/reviews?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { id: string; rating: number; content: string; author: Record<string, unknown> }[];
    meta: { totalItems: number; averageRating: number | null; totalPages: number };
  };
}

async function stateOf(id: string) {
  return (await b.engine.repository.find(id))?.transaction.state;
}

async function transitionsOf(id: string) {
  return ((await b.engine.repository.find(id))?.transitions ?? []).map((t) => `${t.transition}:${t.by}`);
}

const code = (response: LightMyRequestResponse) => response.json().errors?.[0]?.code;

describe('who may review', () => {
  it('only the two parties, only after delivery; visitors 401, anyone else 404', async () => {
    const [start, end] = nextSlot(b.clock);
    const id = await booked(b, guest, listingId, start, end);
    await paid(b, guest, id);
    expect((await runTransition(b.app, host, id, 'accept')).statusCode).toBe(200);
    // Accepted, not yet delivered: nobody may review.
    for (const party of [guest, host]) {
      const early = await review(b.app, party, id);
      expect(early.statusCode, early.body).toBe(409);
      expect(code(early)).toBe('transaction-invalid-transition');
    }
    b.clock.set(end);
    await b.engine.runTimer({ transactionId: id, transition: 'complete' });
    expect((await review(b.app, null, id)).statusCode).toBe(401);
    const third = await review(b.app, stranger, id);
    expect(third.statusCode).toBe(404);
    expect(code(third)).toBe('not-found');
    expect((await visible(stranger, id)).status).toBe(404);
    expect((await b.app.inject({ method: 'GET', url: `/api/transactions/${id}/reviews` })).statusCode).toBe(
      401,
    );
    // An unknown transaction looks the same as someone else's.
    expect((await review(b.app, stranger, crypto.randomUUID())).statusCode).toBe(404);
    expect(await stateOf(id)).toBe('delivered');
    // The parties can.
    expect((await review(b.app, guest, id)).statusCode).toBe(201);
    expect((await review(b.app, host, id)).statusCode).toBe(201);
  });

  it.each([
    ['rating', 'validation.review.ratingInvalid', { rating: 0, content: 'ok' }],
    ['rating', 'validation.review.ratingInvalid', { rating: 6, content: 'ok' }],
    ['rating', 'validation.review.ratingInvalid', { rating: 4.5, content: 'ok' }],
    ['rating', 'validation.required', { content: 'ok' }],
    ['content', 'validation.required', { rating: 4, content: '   ' }],
    ['content', 'validation.required', { rating: 4 }],
    ['content', 'validation.text.tooLong', { rating: 4, content: 'x'.repeat(5001) }],
  ])(
    'refuses a bad %s (%s) with a translated message and writes nothing',
    async (field, message, payload) => {
      const { id } = await delivered();
      const response = await review(b.app, guest, id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(field);
      expect(response.body).toContain(message);
      expect(await stateOf(id)).toBe('delivered');
    },
  );
});

describe('writing and publishing', () => {
  it('keeps the first review to its author until the second is in, then publishes both (review-2)', async () => {
    const { id } = await delivered();
    const first = await review(b.app, guest, id, { rating: 4, content: '  Muy buena sala.\n' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().review).toMatchObject({
      rating: 4,
      content: 'Muy buena sala.',
      state: 'pending',
      mine: true,
      type: 'ofProvider',
    });
    expect(await stateOf(id)).toBe('reviewed-by-customer');
    // Pending: its author sees it, its subject and everyone else do not.
    expect((await visible(guest, id)).data).toHaveLength(1);
    expect((await visible(host, id)).data).toEqual([]);
    const byListing = await publicReviews(`listingId=${listingId}`);
    expect(byListing.data.map((r) => r.content)).not.toContain('Muy buena sala.');
    const ofHost = await publicReviews(`subjectId=${host.id}&type=ofProvider`);
    expect(ofHost.data.map((r) => r.content)).not.toContain('Muy buena sala.');

    const second = await review(b.app, host, id, { rating: 5, content: 'Cliente ejemplar.' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().review.state).toBe('public');
    expect(await stateOf(id)).toBe('reviewed');
    expect(await transitionsOf(id)).toEqual(
      expect.arrayContaining(['review-1-by-customer:customer', 'review-2-by-provider:provider']),
    );
    expect((await visible(host, id)).data.map((r: { content: string }) => r.content)).toEqual([
      'Muy buena sala.',
      'Cliente ejemplar.',
    ]);
    expect((await publicReviews(`listingId=${listingId}`)).data.map((r) => r.content)).toContain(
      'Muy buena sala.',
    );
    const ofGuest = await publicReviews(`subjectId=${guest.id}&type=ofCustomer`);
    expect(ofGuest.data.map((r) => r.content)).toContain('Cliente ejemplar.');
    // A review of the guest as a renter is not one of them as a host.
    expect((await publicReviews(`subjectId=${guest.id}&type=ofProvider`)).data).toEqual([]);
  });

  it('refuses a second review by the same party with the code of its role', async () => {
    const { id } = await delivered();
    expect((await review(b.app, guest, id)).statusCode).toBe(201);
    const again = await review(b.app, guest, id, { rating: 1, content: 'Cambio de opinión' });
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('transaction-already-reviewed-by-customer');
    expect((await review(b.app, host, id)).statusCode).toBe(201);
    const hostAgain = await review(b.app, host, id);
    expect(hostAgain.statusCode).toBe(409);
    expect(code(hostAgain)).toBe('transaction-already-reviewed-by-provider');
    const guestAfter = await review(b.app, guest, id);
    expect(code(guestAfter)).toBe('transaction-already-reviewed-by-customer');
    expect((await visible(guest, id)).data.map((r: { rating: number }) => r.rating)).toEqual([5, 5]);
  });

  it('retries as review-2 when the other party’s review commits between the read and the write', async () => {
    const { id } = await delivered();
    // Holds the transaction's row, so both requests read "delivered" and then wait for the lock.
    const blocker = await database.pool.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from transactions where id = $1 for update', [id]);
      const both = Promise.all([
        review(b.app, guest, id, { rating: 5, content: 'De la clienta' }),
        review(b.app, host, id, { rating: 4, content: 'Del anfitrión' }),
      ]);
      for (let i = 0; i < 100; i += 1) {
        const waiting = await database.pool.query(
          `select count(*)::int as n from pg_locks where not granted`,
        );
        if (waiting.rows[0].n >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await blocker.query('commit');
      const [fromGuest, fromHost] = await both;
      expect(fromGuest.statusCode, fromGuest.body).toBe(201);
      expect(fromHost.statusCode, fromHost.body).toBe(201);
    } finally {
      blocker.release();
    }
    expect(await stateOf(id)).toBe('reviewed');
    const names = await transitionsOf(id);
    const firsts = names.filter((n) => n.startsWith('review-1-'));
    const seconds = names.filter((n) => n.startsWith('review-2-'));
    expect(firsts).toHaveLength(1);
    expect(seconds).toHaveLength(1);
    expect(firsts[0]?.split(':')[1]).not.toBe(seconds[0]?.split(':')[1]);
    expect((await visible(stranger, id)).status).toBe(404);
    expect((await visible(host, id)).data.map((r: { state: string }) => r.state)).toEqual([
      'public',
      'public',
    ]);
  });

  it('publishes the only review when the other party’s period expires (the timer job), and closes reviewing', async () => {
    const { id, end } = await delivered();
    expect((await review(b.app, host, id, { rating: 3, content: 'Llegó tarde.' })).statusCode).toBe(201);
    b.clock.set(new Date(Date.parse(end) + 7 * DAY - 60_000));
    expect(await b.engine.runTimer({ transactionId: id, transition: 'expire-customer-review-period' })).toBe(
      'rescheduled',
    );
    expect(
      (await publicReviews(`subjectId=${guest.id}&type=ofCustomer`)).data.map((r) => r.content),
    ).not.toContain('Llegó tarde.');
    b.clock.set(new Date(Date.parse(end) + 7 * DAY));
    expect(await b.engine.runTimer({ transactionId: id, transition: 'expire-customer-review-period' })).toBe(
      'ran',
    );
    expect(await stateOf(id)).toBe('reviewed');
    expect(
      (await publicReviews(`subjectId=${guest.id}&type=ofCustomer`)).data.map((r) => r.content),
    ).toContain('Llegó tarde.');
    const late = await review(b.app, guest, id);
    expect(late.statusCode).toBe(409);
    expect(code(late)).toBe('transaction-invalid-transition');
  });

  it('closes the period with nothing to publish when nobody reviewed (expire-review-period)', async () => {
    const { id, end } = await delivered();
    b.clock.set(new Date(Date.parse(end) + 7 * DAY));
    expect(await b.engine.runTimer({ transactionId: id, transition: 'expire-review-period' })).toBe('ran');
    expect(await stateOf(id)).toBe('reviewed');
    expect(code(await review(b.app, host, id))).toBe('transaction-invalid-transition');
    expect((await visible(guest, id)).data).toEqual([]);
  });
});

describe('reading', () => {
  it('pages a listing’s reviews with their count and average, and hides banned and deleted authors', async () => {
    const [other] = (await people(b.app, 1)) as [TestUser];
    const ownListing = await hostListing(b, host);
    const ratings = [5, 4, 4];
    for (const [i, rating] of ratings.entries()) {
      const customer = i === 2 ? other : guest;
      const [start, end] = nextSlot(b.clock);
      const id = await booked(b, customer, ownListing, start, end);
      await paid(b, customer, id);
      await runTransition(b.app, host, id, 'accept');
      b.clock.set(end);
      await b.engine.runTimer({ transactionId: id, transition: 'complete' });
      expect((await review(b.app, customer, id, { rating, content: `Reseña ${i}` })).statusCode).toBe(201);
      expect((await review(b.app, host, id, { rating: 5, content: `Gracias ${i}` })).statusCode).toBe(201);
    }
    const first = await publicReviews(`listingId=${ownListing}&perPage=2`);
    expect(first.meta).toMatchObject({ totalItems: 3, totalPages: 2, averageRating: 4.3 });
    expect(first.data.map((r) => r.content)).toEqual(['Reseña 2', 'Reseña 1']);
    const second = await publicReviews(`listingId=${ownListing}&perPage=2&page=2`);
    expect(second.data.map((r) => r.content)).toEqual(['Reseña 0']);
    const beyond = await publicReviews(`listingId=${ownListing}&perPage=2&page=5`);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ totalItems: 3, averageRating: 4.3 });

    await b.db.update(users).set({ banned: true }).where(eq(users.id, other.id));
    const withBanned = await publicReviews(`listingId=${ownListing}`);
    expect(withBanned.data[0]?.author).toMatchObject({
      id: other.id,
      banned: true,
      displayName: '',
      avatar: null,
    });
    expect(withBanned.data[1]?.author).toMatchObject({ banned: false, deleted: false });
    expect(withBanned.data[1]?.author.displayName).not.toBe('');
    await b.db.update(users).set({ banned: false, deletedAt: b.clock.now() }).where(eq(users.id, other.id));
    expect((await publicReviews(`listingId=${ownListing}`)).data[0]?.author).toMatchObject({
      deleted: true,
      displayName: '',
    });
  });

  it.each([
    '',
    'listingId=nope',
    `listingId=${crypto.randomUUID()}&subjectId=${crypto.randomUUID()}`,
    'subjectId=x',
    `perPage=51&listingId=${crypto.randomUUID()}`,
  ])('answers 400 to the query %j', async (query) => {
    expect((await b.app.inject({ method: 'GET', url: `/api/reviews?${query}` })).statusCode).toBe(400);
  });
});

describe('review reminders', () => {
  it('invites each party who has not reviewed two days before the period closes, once', async () => {
    const deps = {
      db: b.db,
      clock: b.clock,
      facts: transactionNotificationFacts(b.db),
      sms: outboxSms,
      publicUrl: 'http://hora.test',
      marketplaceName: 'Hora',
      logger: recordingLogger().logger,
    };
    const both = await delivered();
    const one = await delivered();
    expect((await review(b.app, guest, one.id)).statusCode).toBe(201);
    const reminders = async (id: string) =>
      b.db
        .select({ to: emailOutbox.toAddress, key: emailOutbox.dedupeKey, text: emailOutbox.text })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.template, 'transaction-review-reminder'),
            like(emailOutbox.dedupeKey, `%${id}%`),
          ),
        );
    await sendReviewReminders(deps);
    expect(await reminders(both.id)).toEqual([]);
    // Five days and a minute after the booking's end: the period closes within two days.
    b.clock.set(new Date(Date.parse(both.end) + 5 * DAY + 60_000));
    await sendReviewReminders(deps);
    await sendReviewReminders(deps);
    const toBoth = await reminders(both.id);
    expect(toBoth.map((r) => r.to).sort()).toEqual([guest.email, host.email].sort());
    expect(toBoth.map((r) => r.text).join()).toContain(`/order/${both.id}/review`);
    expect(toBoth.map((r) => r.text).join()).toContain(`/sale/${both.id}/review`);
    b.clock.set(new Date(Date.parse(one.end) + 5 * DAY + 60_000));
    await sendReviewReminders(deps);
    await sendReviewReminders(deps);
    // The guest reviewed `one`: only the host is reminded, once.
    expect((await reminders(one.id)).map((r) => r.to)).toEqual([host.email]);
    expect(await reminders(both.id)).toHaveLength(2);
  });
});
