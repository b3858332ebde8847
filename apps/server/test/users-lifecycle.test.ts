import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageStorage } from '../src/adapters/storage/index.ts';
import {
  accounts,
  favourites,
  images,
  listings,
  sandboxPaymentMethods,
  sessions,
  transactionMessages,
  users,
} from '../src/db/schema/index.ts';
import { sampleImage } from '../src/modules/images/test-images.ts';
import { opsHelp, runOpsCommand } from '../src/modules/ops/index.ts';
import { browser, errorCode, logIn, type TestUser } from './accounts.ts';
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
  runPaymentActions,
  runTransition,
} from './transactions.ts';

/** The image storage as a map: what the port holds is what the test reads. */
class MemoryStorage implements ImageStorage {
  readonly files = new Map<string, Buffer>();
  contentSecurity = {};
  async put(key: string, body: Buffer): Promise<void> {
    this.files.set(key, body);
  }
  async removePrefix(prefix: string): Promise<void> {
    for (const key of [...this.files.keys()]) if (key.startsWith(prefix)) this.files.delete(key);
  }
  url(key: string): string {
    return `/uploads/${key}`;
  }
  keysUnder(prefix: string): string[] {
    return [...this.files.keys()].filter((key) => key.startsWith(prefix));
  }
}

const database = await createTestDatabase();
const storage = new MemoryStorage();
let b: BookingApp;

beforeAll(async () => {
  b = await buildBookingApp(database, { storage });
});

async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOpsCommand(argv, {
    db: database.db,
    clock: b.clock,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  });
  return { code, out, err };
}

const session = async (user: TestUser) =>
  (await b.app.inject({ method: 'GET', url: '/api/session', headers: browser(user.cookie) })).json().user;

const listingPage = async (id: string) =>
  (await b.app.inject({ method: 'GET', url: `/api/listings/${id}` })).json().data;
const listingState = async (id: string) => (await listingPage(id)).state as string;

async function searchIds(): Promise<string[]> {
  const response = await b.app.inject({ method: 'GET', url: '/api/listings?perPage=100' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((card: { id: string }) => card.id);
}

const userRow = async (id: string) => (await b.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('users:ban and users:unban', () => {
  it('ban by email: sessions end, log-in is refused with user-banned, listings leave search; unban brings them back', async () => {
    const [host, guest] = (await people(b.app, 2)) as [TestUser, TestUser];
    const listingId = await hostListing(b, host);
    // A listing the host closed themselves stays closed after the unban.
    const ownClosed = await hostListing(b, host);
    await b.db.update(listings).set({ state: 'closed' }).where(eq(listings.id, ownClosed));
    expect(await searchIds()).toContain(listingId);
    expect(await session(host)).not.toBeNull();

    const banned = await ops('users:ban', host.email.toUpperCase());
    expect(banned.code, banned.err.join('\n')).toBe(0);
    expect(banned.out[0]).toBe(`User ${host.id} <${host.email}> is banned.`);
    expect(banned.out.join('\n')).toMatch(/sessions ended {5}1/);
    expect(banned.out.join('\n')).toContain(`listings closed    1: ${listingId}`);
    expect(await b.db.select().from(sessions).where(eq(sessions.userId, host.id))).toEqual([]);
    expect(await session(host)).toBeNull();

    // Sign-in: the right password learns of the ban, a wrong one only that they do not match.
    const refused = await logIn(b.app, host.email, host.password);
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('user-banned');
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(errorCode(await logIn(b.app, host.email, 'not-the-password-1'))).toBe('unauthorized');
    expect(await b.db.select().from(sessions).where(eq(sessions.userId, host.id))).toEqual([]);

    // Hidden from search and shown closed; nobody can book it.
    expect(await searchIds()).not.toContain(listingId);
    expect(await listingState(listingId)).toBe('closed');
    expect((await listingPage(listingId)).author).toEqual({
      id: host.id,
      displayName: '',
      abbreviatedName: '',
      avatar: null,
      banned: true,
      deleted: false,
    });
    const refusedBooking = await b.app.inject({
      method: 'POST',
      url: '/api/transactions/speculate',
      headers: browser(guest.cookie),
      payload: { listingId, bookingStart: nextSlot(b.clock)[0], bookingEnd: nextSlot(b.clock)[1] },
    });
    expect(errorCode(refusedBooking)).toBe('transaction-listing-not-found');

    // Idempotent.
    const again = await ops('users:ban', host.id);
    expect(again).toMatchObject({ code: 0 });
    expect(again.out[0]).toBe(`User ${host.id} <${host.email}> was already banned.`);

    const unbanned = await ops('users:unban', host.id);
    expect(unbanned.code).toBe(0);
    expect(unbanned.out[0]).toBe(`User ${host.id} <${host.email}> is no longer banned.`);
    expect(unbanned.out[1]).toBe(`  listings reopened  1: ${listingId}`);
    expect(await listingState(listingId)).toBe('published');
    expect((await listingPage(listingId)).author).toMatchObject({ displayName: 'Lucía G.', banned: false });
    expect(await listingState(ownClosed)).toBe('closed');
    expect(await searchIds()).toContain(listingId);
    expect((await logIn(b.app, host.email, host.password)).statusCode).toBe(200);
    expect((await ops('users:unban', host.id)).out[0]).toBe(
      `User ${host.id} <${host.email}> was not banned.`,
    );
  });

  it('are listed in the operator help', () => {
    expect(opsHelp()).toMatch(/users:ban <user-id\|email> +Ban a person/);
    expect(opsHelp()).toMatch(/users:unban <user-id\|email> +Lift a ban/);
  });

  it('refuses unknown people and bad usage with a clear message and a non-zero exit code', async () => {
    expect(await ops('users:ban', '00000000-0000-4000-8000-000000000000')).toMatchObject({
      code: 1,
      err: ['No user 00000000-0000-4000-8000-000000000000'],
    });
    expect(await ops('users:unban', 'nobody@example.com')).toMatchObject({
      code: 1,
      err: ['No user nobody@example.com'],
    });
    expect(await ops('users:ban')).toMatchObject({ code: 1, err: ['Usage: users:ban <user-id|email>'] });
    expect((await ops('users:unban', 'a', 'b')).err).toEqual(['Usage: users:unban <user-id|email>']);
  });

  it('keeps a banned customer’s request running but refuses the host’s accept and decline', async () => {
    const [host, guest] = (await people(b.app, 2)) as [TestUser, TestUser];
    const listingId = await hostListing(b, host);
    const id = await booked(b, guest, listingId, ...nextSlot(b.clock));
    await paid(b, guest, id);
    expect((await ops('users:ban', guest.id)).code).toBe(0);

    const view = (
      await b.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: browser(host.cookie) })
    ).json().transaction;
    expect(view.state).toBe('preauthorized');
    expect(view.customer).toMatchObject({ banned: true, displayName: '', avatar: null });
    expect(view.nextTransitions).toEqual([]);
    for (const transition of ['accept', 'decline']) {
      const refused = await runTransition(b.app, host, id, transition);
      expect(refused.statusCode).toBe(409);
      expect(errorCode(refused)).toBe('transaction-customer-banned');
    }
    expect((await b.engine.repository.find(id))?.transaction.state).toBe('preauthorized');

    // Lifted: the host may answer again.
    expect((await ops('users:unban', guest.email)).code).toBe(0);
    expect((await runTransition(b.app, host, id, 'decline')).statusCode).toBe(200);
  });
});

async function uploadAvatar(user: TestUser): Promise<void> {
  const form = new FormData();
  const jpeg = await sampleImage('jpeg', { width: 120, height: 90 });
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'avatar.jpg');
  const request = new Request('http://hora.test/', { method: 'POST', body: form });
  const response = await b.app.inject({
    method: 'POST',
    url: '/api/account/avatar',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, ...browser(user.cookie) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function post(user: TestUser, url: string, payload: object) {
  return b.app.inject({ method: 'POST', url, headers: browser(user.cookie), payload });
}

/** A card saved the way the payment methods page does it, in the payments sandbox. */
async function saveCard(user: TestUser): Promise<string> {
  const { clientSecret } = (await post(user, '/api/payment-methods/setup-intent', {})).json();
  const card = await post(user, '/api/payments/sandbox/payment-methods', {
    card: {
      number: '4242424242424242',
      expMonth: 12,
      expYear: b.clock.now().getUTCFullYear() + 3,
      cvc: '123',
    },
    billingDetails: { name: 'Lucía García', postalCode: '28013', country: 'ES' },
  });
  const paymentMethodId = card.json().data.id as string;
  expect(
    (await post(user, '/api/payments/sandbox/setup-intents/confirm', { clientSecret, paymentMethodId }))
      .statusCode,
  ).toBe(200);
  expect((await post(user, '/api/payment-methods', { paymentMethodId })).statusCode).toBe(200);
  return paymentMethodId;
}

const deleteAccount = (user: TestUser, currentPassword: string) =>
  post(user, '/api/account/delete', { currentPassword });

describe('deleting one’s own account', () => {
  it('refuses a wrong password, and refuses while bookings are open for money, listing them', async () => {
    const [host, guest] = (await people(b.app, 2)) as [TestUser, TestUser];
    const wrong = await deleteAccount(guest, 'not-my-password-9');
    expect(wrong.statusCode).toBe(403);
    expect(errorCode(wrong)).toBe('wrong-password');

    const listingId = await hostListing(b, host);
    const id = await booked(b, guest, listingId, ...nextSlot(b.clock));
    for (const person of [guest, host]) {
      const refused = await deleteAccount(person, person.password);
      expect(refused.statusCode).toBe(409);
      const error = refused.json().errors[0];
      expect(error.code).toBe('account-deletion-blocked');
      expect(error.meta.transactions).toEqual([
        expect.objectContaining({
          id,
          state: 'pending-payment',
          role: person === guest ? 'customer' : 'provider',
        }),
      ]);
      const listed = await b.app.inject({
        method: 'GET',
        url: '/api/account/deletion',
        headers: browser(person.cookie),
      });
      expect(listed.json().openTransactions.map((t: { id: string }) => t.id)).toEqual([id]);
      expect((await userRow(person.id)).deletedAt).toBeNull();
    }
    expect(await session(guest)).not.toBeNull();
  });

  it('erases personal data, files, card, sessions and sign-in methods; closes listings; keeps transactions with the placeholder', async () => {
    const [host, guest] = (await people(b.app, 2)) as [TestUser, TestUser];
    // The host has a listing and a finished booking with the guest (declined: nothing open).
    const listingId = await hostListing(b, host);
    const requested = await book(b.app, guest, listingId, ...nextSlot(b.clock), {
      message: '¿Hay proyector?',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const id = requested.json().transaction.id as string;
    await paid(b, guest, id);
    expect((await runTransition(b.app, host, id, 'decline')).statusCode).toBe(200);
    await runPaymentActions(b);
    await b.db.insert(favourites).values({ userId: host.id, listingId });
    await b.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: browser(host.cookie),
      payload: {
        firstName: 'Marta',
        lastName: 'Sanz',
        bio: 'Salas en Valencia',
        instagram: '@marta',
        tiktok: 'marta',
      },
    });
    await uploadAvatar(host);
    const [avatar] = await b.db.select().from(images).where(eq(images.ownerId, host.id));
    expect(storage.keysUnder(avatar!.keyPrefix).length).toBeGreaterThan(0);
    const cardId = await saveCard(host);
    const secondDevice = (await logIn(b.app, host.email, host.password)).headers['set-cookie'];
    expect(secondDevice).toBeDefined();

    const deleted = await deleteAccount(host, host.password);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Signed out in this browser.
    expect(String(deleted.headers['set-cookie'])).toMatch(/hora\.session_token=;/);

    const row = await userRow(host.id);
    expect(row).toMatchObject({
      name: '',
      firstName: '',
      lastName: '',
      email: `deleted-${host.id}@deleted.invalid`,
      emailVerified: false,
      pendingEmail: null,
      image: null,
      bio: null,
      instagram: null,
      tiktok: null,
      phoneNumber: null,
    });
    expect(row.deletedAt).toEqual(b.clock.now());
    expect(storage.keysUnder(avatar!.keyPrefix)).toEqual([]);
    expect(await b.db.select().from(images).where(eq(images.ownerId, host.id))).toEqual([]);
    expect(await b.db.select().from(sessions).where(eq(sessions.userId, host.id))).toEqual([]);
    expect(await b.db.select().from(accounts).where(eq(accounts.userId, host.id))).toEqual([]);
    expect(await b.db.select().from(favourites).where(eq(favourites.userId, host.id))).toEqual([]);
    const [card] = await b.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, cardId));
    expect(card?.customerId).toBeNull();
    expect(await session(host)).toBeNull();
    expect(errorCode(await logIn(b.app, host.email, host.password))).toBe('unauthorized');

    // Listings closed and out of search.
    expect(await listingState(listingId)).toBe('closed');
    expect((await listingPage(listingId)).author).toMatchObject({
      displayName: '',
      deleted: true,
      avatar: null,
    });
    expect(await searchIds()).not.toContain(listingId);

    // The transaction stays, with its messages, and the host is the "Deleted user" placeholder.
    const view = (
      await b.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: browser(guest.cookie) })
    ).json().transaction;
    expect(view.state).toBe('declined');
    expect(view.provider).toMatchObject({ id: host.id, deleted: true, displayName: '', avatar: null });
    const messages = await b.db
      .select()
      .from(transactionMessages)
      .where(eq(transactionMessages.transactionId, id));
    expect(messages.map((m) => m.content)).toEqual(['¿Hay proyector?']);
    const profile = (await b.app.inject({ method: 'GET', url: `/api/users/${host.id}` })).json();
    expect(profile).toMatchObject({
      deleted: true,
      displayName: null,
      bio: null,
      instagram: null,
      avatar: null,
    });

    // The address is free again.
    const again = await b.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: browser(),
      remoteAddress: '203.0.113.77',
      payload: {
        email: host.email,
        password: 'otra-contrasena-larga-7',
        firstName: 'Marta',
        lastName: 'Sanz',
        captcha: 'solved',
        termsAccepted: true,
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().userId).not.toBe(host.id);

    // There is nobody left to ban.
    expect(await ops('users:ban', host.id)).toMatchObject({
      code: 1,
      err: [`User ${host.id} is deleted: there is nothing to ban`],
    });
  });

  it('is only for the signed-in person with a full session', async () => {
    const anonymous = await b.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: browser(),
      payload: { currentPassword: 'whatever-password' },
    });
    expect(anonymous.statusCode).toBe(401);
    const [person] = (await people(b.app, 1)) as [TestUser];
    await b.db.update(sessions).set({ impersonatedBy: person.id }).where(eq(sessions.userId, person.id));
    const limited = await deleteAccount(person, person.password);
    expect(limited.statusCode).toBe(403);
    expect(errorCode(limited)).toBe('forbidden');
    expect((await userRow(person.id)).deletedAt).toBeNull();
  });
});
