import { randomUUID } from 'node:crypto';
import { money } from '@hora/core/money';
import { buildOfferMessage } from '@hora/core/offers';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxSms } from '../src/adapters/sms/index.ts';
import { emailOutbox, smsOutbox, users } from '../src/db/schema/index.ts';
import { type NotificationDependencies, notifyMessage } from '../src/modules/notifications/index.ts';
import { transactionNotificationFacts } from '../src/modules/transactions/index.ts';
import { browser, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { enquiry, makeNegotiable } from './enquiries.ts';
import { recordingLogger, storedJobs } from './jobs.ts';
import { type BookingApp, buildBookingApp, hostListing, people } from './transactions.ts';

const database = await createTestDatabase();
let b: BookingApp;
let host: TestUser;
let guest: TestUser;
let listingId: string;
let deps: NotificationDependencies;

beforeAll(async () => {
  b = await buildBookingApp(database);
  [host, guest] = (await people(b.app, 2)) as [TestUser, TestUser];
  await b.db.update(users).set({ locale: 'en', firstName: 'Carlos' }).where(eq(users.id, guest.id));
  await b.db.update(users).set({ locale: 'es', phoneNumber: '+34600111222' }).where(eq(users.id, host.id));
  listingId = await hostListing(b, host);
  deps = {
    db: b.db,
    clock: b.clock,
    facts: transactionNotificationFacts(b.db),
    sms: outboxSms,
    publicUrl: 'https://hora.test',
    marketplaceName: 'Hora',
    logger: recordingLogger().logger,
  };
});

const ran = new Set<string>();

/** Runs the message notifications queued since the last call, as the job would, twice (a retry adds nothing). */
async function runMessageJobs() {
  const jobs = await storedJobs(b.db, 'transactions.notify');
  for (const job of jobs) {
    const data = job.data as { transactionId: string; messageId?: string };
    if (!data.messageId || ran.has(job.id)) continue;
    ran.add(job.id);
    await notifyMessage(deps, { transactionId: data.transactionId, messageId: data.messageId });
    await notifyMessage(deps, { transactionId: data.transactionId, messageId: data.messageId });
  }
}

async function emailsTo(user: TestUser) {
  return b.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, user.id), eq(emailOutbox.template, 'transaction-new-message')))
    .orderBy(emailOutbox.createdAt);
}

async function smsTo(user: TestUser) {
  return b.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.userId, user.id), like(smsOutbox.dedupeKey, 'message:%')));
}

async function send(id: string, user: TestUser, content: string) {
  const response = await b.app.inject({
    method: 'POST',
    url: `/api/transactions/${id}/messages`,
    headers: browser(user.cookie),
    payload: { content },
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('new message notifications (issue 12)', () => {
  it('emails the other party once per conversation in 10 minutes, in their language, each once', async () => {
    const enquiry = await b.app.inject({
      method: 'POST',
      url: '/api/transactions/enquiries',
      headers: { ...browser(guest.cookie), 'idempotency-key': randomUUID() },
      payload: { listingId, message: '¿Tiene proyector?' },
    });
    const id = enquiry.json().transaction.id;
    await runMessageJobs();
    const [first, ...none] = await emailsTo(host);
    expect(none).toEqual([]);
    expect(first?.locale).toBe('es');
    expect(first?.subject).toContain('nuevo mensaje de Carlos');
    expect(first?.text).toContain('¿Tiene proyector?');
    expect(first?.text).toContain(`https://hora.test/sale/${id}/details`);
    // The spec's "a new message is waiting" SMS, once, with the link and not the text.
    const sms = await smsTo(host);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain(`https://hora.test/sale/${id}/details`);
    expect(sms[0]?.body).not.toContain('proyector');

    // Five minutes on, a second message: the host was told less than 10 minutes ago.
    b.clock.advance(5 * 60_000);
    await send(id, guest, '¿Y aparcamiento?');
    await runMessageJobs();
    expect(await emailsTo(host)).toHaveLength(1);
    expect(await smsTo(host)).toHaveLength(1);

    // The host answers: the guest is told (their own throttle), in English, with their order's link.
    await send(id, host, 'Sí, ambas cosas.');
    await runMessageJobs();
    const [toGuest, ...more] = await emailsTo(guest);
    expect(more).toEqual([]);
    expect(toGuest?.locale).toBe('en');
    expect(toGuest?.subject).toContain('new message from');
    expect(toGuest?.text).toContain(`https://hora.test/order/${id}/details`);
    expect(await smsTo(guest)).toEqual([]);

    // 10 minutes after the first email, the next message is told again.
    b.clock.advance(5 * 60_000);
    await send(id, guest, 'Perfecto, gracias.');
    await runMessageJobs();
    const toHost = await emailsTo(host);
    expect(toHost).toHaveLength(2);
    expect(toHost[1]?.text).toContain('Perfecto, gracias.');
    expect(await smsTo(host)).toHaveLength(2);
  });

  it('tells a deleted account nothing', async () => {
    const [asker] = (await people(b.app, 1)) as [TestUser];
    const enquiry = await b.app.inject({
      method: 'POST',
      url: '/api/transactions/enquiries',
      headers: { ...browser(asker.cookie), 'idempotency-key': randomUUID() },
      payload: { listingId, message: 'Hola' },
    });
    expect(enquiry.statusCode).toBe(201);
    b.clock.advance(11 * 60_000);
    await b.db.update(users).set({ deletedAt: b.clock.now() }).where(eq(users.id, host.id));
    const before = (await emailsTo(host)).length;
    await runMessageJobs();
    expect(await emailsTo(host)).toHaveLength(before);
    await b.db.update(users).set({ deletedAt: null }).where(eq(users.id, host.id));
  });

  it('says a price offer and its answer in words, in each one’s language; a typed marker stays a text', async () => {
    const negotiable = await hostListing(b, host);
    await makeNegotiable(b.db, negotiable);
    const id = await enquiry(b, guest, negotiable, 'Hello');
    b.clock.advance(11 * 60_000);
    // A typed text that looks like an offer marker: the host's email never shows it as one.
    await send(id, guest, buildOfferMessage('accepted', money(100, 'EUR')));
    await runMessageJobs();
    const forged = (await emailsTo(host)).at(-1);
    expect(forged?.text).not.toContain('[[hora:offer');
    expect(forged?.text).not.toContain('Oferta de precio');

    const offered = await b.app.inject({
      method: 'POST',
      url: `/api/transactions/${id}/offers`,
      headers: browser(host.cookie),
      payload: { price: '12,50' },
    });
    expect(offered.statusCode, offered.body).toBe(201);
    await runMessageJobs();
    const toGuest = (await emailsTo(guest)).at(-1);
    expect(toGuest?.locale).toBe('en');
    expect(toGuest?.text).toContain('Price offer: €12.50 per hour.');
    expect(toGuest?.text).not.toContain('[[hora:offer');

    b.clock.advance(11 * 60_000);
    const answered = await b.app.inject({
      method: 'POST',
      url: `/api/transactions/${id}/offers/answer`,
      headers: browser(guest.cookie),
      payload: { answer: 'decline' },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    await runMessageJobs();
    const toHost = (await emailsTo(host)).at(-1);
    expect(toHost?.text).toMatch(/Oferta de precio rechazada: 12,50\s€ por hora\./);
    expect(toHost?.text).not.toContain('[[hora:offer');
  });
});
