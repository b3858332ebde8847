import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { listings, transactionMessages, transactions, users } from '../src/db/schema/index.ts';
import { browser, errorCode, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { storedJobs } from './jobs.ts';
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

beforeAll(async () => {
  b = await buildBookingApp(database);
  [host, guest, stranger] = (await people(b.app, 3)) as [TestUser, TestUser, TestUser];
  listingId = await hostListing(b, host);
});

function enquire(user: TestUser | undefined, payload: object, key: string | null = randomUUID()) {
  return b.app.inject({
    method: 'POST',
    url: '/api/transactions/enquiries',
    headers: { ...browser(user?.cookie), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

async function enquiry(customer: TestUser, message = '¿Tiene proyector la sala?'): Promise<string> {
  const response = await enquire(customer, { listingId, message });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().transaction.id;
}

const read = (id: string, user?: TestUser, query = '') =>
  b.app.inject({
    method: 'GET',
    url: `/api/transactions/${id}/messages${query}`,
    headers: browser(user?.cookie),
  });
const send = (id: string, user: TestUser | undefined, content: unknown) =>
  b.app.inject({
    method: 'POST',
    url: `/api/transactions/${id}/messages`,
    headers: browser(user?.cookie),
    payload: { content },
  });

function expectRefused(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(errorCode(response)).toBe('validation-invalid-params');
  expect(response.json().errors[0].meta.issues).toContainEqual({ path: 'content', message });
}

async function setFlags(user: TestUser, flags: { banned?: boolean; deletedAt?: Date | null }) {
  await b.db.update(users).set(flags).where(eq(users.id, user.id));
}

describe('enquiries (issue 12: "contact the host")', () => {
  it('makes a transaction in enquiry with its first message and no booking or price', async () => {
    const response = await enquire(guest, { listingId, message: '  ¿Tiene proyector la sala?  ' });
    expect(response.statusCode, response.body).toBe(201);
    const { transaction } = response.json();
    expect(transaction).toMatchObject({
      state: 'enquiry',
      lastTransition: 'enquire',
      role: 'customer',
      booking: null,
      lineItems: [],
      payinTotal: null,
      payoutTotal: null,
      transitions: [{ transition: 'enquire', by: 'customer' }],
    });
    expect(transaction.customer.id).toBe(guest.id);
    expect(transaction.provider.id).toBe(host.id);
    const messages = (await read(transaction.id, host)).json();
    expect(messages.data).toEqual([
      {
        id: expect.any(String),
        senderId: guest.id,
        content: '¿Tiene proyector la sala?',
        createdAt: expect.any(String),
        offer: null,
      },
    ]);
    // The host hears of it: the message's notify job was queued with it.
    const jobs = await storedJobs(b.db, 'transactions.notify');
    expect(jobs.map((job) => job.data)).toContainEqual({
      transactionId: transaction.id,
      messageId: messages.data[0].id,
    });
    // The host's inbox shows it among their sales.
    const sales = await b.app.inject({
      method: 'GET',
      url: '/api/transactions?only=sale',
      headers: browser(host.cookie),
    });
    expect(sales.json().data.map((t: { id: string }) => t.id)).toContain(transaction.id);
  });

  it('cannot leave the enquiry without a price: the database refuses any other state unpriced', async () => {
    const id = await enquiry(guest);
    const moved = b.db
      .update(transactions)
      .set({ state: 'pending-payment', lastTransition: 'request-payment-after-enquiry' })
      .where(eq(transactions.id, id));
    await expect(moved).rejects.toMatchObject({
      cause: { code: '23514', constraint: 'transactions_priced_check' },
    });
  });

  it('makes one enquiry of a form sent twice (Idempotency-Key), and needs the key', async () => {
    const key = randomUUID();
    const first = await enquire(guest, { listingId, message: 'Hola' }, key);
    const again = await enquire(guest, { listingId, message: 'Hola' }, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().transaction.id).toBe(first.json().transaction.id);
    const messages = await b.db
      .select()
      .from(transactionMessages)
      .where(eq(transactionMessages.transactionId, first.json().transaction.id));
    expect(messages).toHaveLength(1);
    const other = await enquire(guest, { listingId, message: 'Otra cosa' }, key);
    expect([other.statusCode, errorCode(other)]).toEqual([409, 'idempotency-key-reused']);
    const keyless = await enquire(guest, { listingId, message: 'Hola' }, null);
    expect([keyless.statusCode, errorCode(keyless)]).toEqual([400, 'validation-invalid-params']);
  });

  it('refuses visitors, an empty question, one’s own listing and listings not open', async () => {
    expect((await enquire(undefined, { listingId, message: 'Hola' })).statusCode).toBe(401);
    const empty = await enquire(guest, { listingId, message: ' \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].meta.issues).toContainEqual({
      path: 'message',
      message: 'validation.required',
    });
    const own = await enquire(host, { listingId, message: 'Hola' });
    expect([own.statusCode, errorCode(own)]).toEqual([409, 'transaction-own-listing']);
    const closedId = await hostListing(b, host);
    await b.db.update(listings).set({ state: 'closed' }).where(eq(listings.id, closedId));
    const closed = await enquire(guest, { listingId: closedId, message: 'Hola' });
    expect([closed.statusCode, errorCode(closed)]).toEqual([409, 'transaction-listing-not-found']);
    const unknown = await enquire(guest, { listingId: randomUUID(), message: 'Hola' });
    expect([unknown.statusCode, errorCode(unknown)]).toEqual([409, 'transaction-listing-not-found']);
  });

  it('refuses an enquiry to a banned or deleted host', async () => {
    const [otherHost, asker] = (await people(b.app, 2)) as [TestUser, TestUser];
    const otherListing = await hostListing(b, otherHost);
    await setFlags(otherHost, { banned: true });
    const banned = await enquire(asker, { listingId: otherListing, message: 'Hola' });
    expect([banned.statusCode, errorCode(banned)]).toEqual([403, 'transaction-messaging-not-allowed']);
    await setFlags(otherHost, { banned: false, deletedAt: new Date() });
    const deleted = await enquire(asker, { listingId: otherListing, message: 'Hola' });
    expect([deleted.statusCode, errorCode(deleted)]).toEqual([403, 'transaction-messaging-not-allowed']);
  });
});

describe('messages: only the two parties (IDOR matrix over every state reachable by the API)', () => {
  it('lets customer and provider read and write, and nobody else, in each state', async () => {
    const states: Record<string, string> = {};
    states.enquiry = await enquiry(guest);
    states['pending-payment'] = await booked(b, guest, listingId, ...nextSlot(b.clock, 1, 9));
    states.preauthorized = await booked(b, guest, listingId, ...nextSlot(b.clock, 1, 11));
    await paid(b, guest, states.preauthorized);
    states.accepted = await booked(b, guest, listingId, ...nextSlot(b.clock, 1, 13));
    await paid(b, guest, states.accepted);
    expect((await runTransition(b.app, host, states.accepted, 'accept')).statusCode).toBe(200);
    states.declined = await booked(b, guest, listingId, ...nextSlot(b.clock, 1, 15));
    await paid(b, guest, states.declined);
    expect((await runTransition(b.app, host, states.declined, 'decline')).statusCode).toBe(200);

    for (const [state, id] of Object.entries(states)) {
      for (const [who, user] of [
        ['customer', guest],
        ['provider', host],
      ] as const) {
        const written = await send(id, user, `Hola desde ${who} en ${state}`);
        expect(written.statusCode, `${who} writes in ${state}: ${written.body}`).toBe(201);
        expect(written.json().message).toMatchObject({
          senderId: user.id,
          content: `Hola desde ${who} en ${state}`,
        });
        const listed = await read(id, user);
        expect(listed.statusCode, `${who} reads in ${state}`).toBe(200);
        expect(listed.json().data.map((m: { content: string }) => m.content)).toContain(
          `Hola desde ${who} en ${state}`,
        );
      }
      // A third person: the same answer as for an id that does not exist (nothing learnt).
      expect((await read(id, stranger)).statusCode, `stranger reads in ${state}`).toBe(404);
      expect((await send(id, stranger, 'Hola')).statusCode, `stranger writes in ${state}`).toBe(404);
      expect((await read(id)).statusCode, `visitor reads in ${state}`).toBe(401);
      expect((await send(id, undefined, 'Hola')).statusCode, `visitor writes in ${state}`).toBe(401);
    }
    const stored = await b.db.select().from(transactionMessages);
    expect(stored.filter((m) => m.senderId === stranger.id)).toEqual([]);
    // Unknown and malformed ids.
    expect((await read(randomUUID(), guest)).statusCode).toBe(404);
    expect((await send(randomUUID(), guest, 'Hola')).statusCode).toBe(404);
    expect((await read('not-a-uuid', guest)).statusCode).toBe(400);
  });
});

describe('sending a message', () => {
  it('trims the text and refuses an empty or too long one with the field’s message', async () => {
    const id = await enquiry(guest);
    const trimmed = await send(id, host, '  Sí, tiene proyector.\n ');
    expect(trimmed.json().message.content).toBe('Sí, tiene proyector.');
    expectRefused(await send(id, host, '   '), 'validation.required');
    expectRefused(await send(id, host, '\u200B\u200B'), 'validation.required');
    expectRefused(await send(id, host, 'a'.repeat(5001)), 'validation.text.tooLong');
    expect((await send(id, host, 'a'.repeat(5000))).statusCode).toBe(201);
    expect((await send(id, host, 42)).statusCode).toBe(400);
  });

  it('is refused when either party is banned or deleted; both still read the conversation', async () => {
    const [customer, provider] = (await people(b.app, 2)) as [TestUser, TestUser];
    const ownListing = await hostListing(b, provider);
    const response = await enquire(customer, { listingId: ownListing, message: 'Hola' });
    const id = response.json().transaction.id;
    for (const [gone, flags] of [
      [customer, { banned: true }],
      [provider, { banned: true }],
      [customer, { deletedAt: new Date() }],
      [provider, { deletedAt: new Date() }],
    ] as const) {
      await setFlags(gone, flags);
      const other = gone === customer ? provider : customer;
      const refused = await send(id, other, 'Hola');
      expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'transaction-messaging-not-allowed']);
      expect((await read(id, other)).statusCode).toBe(200);
      await setFlags(gone, { banned: false, deletedAt: null });
    }
    expect((await send(id, provider, 'De nuevo activos')).statusCode).toBe(201);
  });

  it('still works on a transaction whose listing is no longer published', async () => {
    const [customer, provider] = (await people(b.app, 2)) as [TestUser, TestUser];
    const closing = await hostListing(b, provider);
    const id = (await enquire(customer, { listingId: closing, message: 'Hola' })).json().transaction.id;
    await b.db.update(listings).set({ state: 'closed' }).where(eq(listings.id, closing));
    expect((await send(id, provider, 'Sigo aquí')).statusCode).toBe(201);
  });

  it('is limited per person: 20 a minute', async () => {
    const [chatty] = (await people(b.app, 1)) as [TestUser];
    const id = await enquiry(chatty);
    for (let i = 0; i < 20; i += 1) expect((await send(id, chatty, `mensaje ${i}`)).statusCode).toBe(201);
    const limited = await send(id, chatty, 'uno más');
    expect([limited.statusCode, errorCode(limited)]).toEqual([429, 'rate-limited']);
    expect(limited.headers['retry-after']).toBeDefined();
    // The other party is not limited by it.
    expect((await send(id, host, 'Respuesta')).statusCode).toBe(201);
    b.clock.advance(61_000);
    expect((await send(id, chatty, 'ya puedo')).statusCode).toBe(201);
  });
});

describe('reading the conversation', () => {
  it('pages by 100 from the newest, each page oldest first, with the totals', async () => {
    const [customer] = (await people(b.app, 1)) as [TestUser];
    const id = await enquiry(customer, 'mensaje 0');
    const [row] = await b.db
      .select()
      .from(transactionMessages)
      .where(eq(transactionMessages.transactionId, id));
    const start = (row as { createdAt: Date }).createdAt.getTime();
    await b.db.insert(transactionMessages).values(
      Array.from({ length: 149 }, (_, i) => ({
        transactionId: id,
        senderId: i % 2 === 0 ? host.id : customer.id,
        content: `mensaje ${i + 1}`,
        createdAt: new Date(start + (i + 1) * 1000),
      })),
    );
    const first = (await read(id, customer)).json();
    expect(first.meta).toEqual({ page: 1, perPage: 100, totalItems: 150, totalPages: 2 });
    expect(first.data).toHaveLength(100);
    expect(first.data[0].content).toBe('mensaje 50');
    expect(first.data[99].content).toBe('mensaje 149');
    const older = (await read(id, customer, '?page=2')).json();
    expect(older.data.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 50 }, (_, i) => `mensaje ${i}`),
    );
    expect((await read(id, customer, '?page=3')).json().data).toEqual([]);
    expect((await read(id, customer, '?page=0')).statusCode).toBe(400);
  });
});
