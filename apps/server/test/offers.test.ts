import { randomUUID } from 'node:crypto';
import { money } from '@hora/core/money';
import { buildOfferMessage } from '@hora/core/offers';
import { bookingLineItems, totals } from '@hora/core/pricing';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { transactionMessages } from '../src/db/schema/index.ts';
import { browser, errorCode, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { enquiry, makeNegotiable, typedMessage } from './enquiries.ts';
import {
  type BookingApp,
  book,
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
let stranger: TestUser;

beforeAll(async () => {
  b = await buildBookingApp(database);
  [host, guest, stranger] = (await people(b.app, 3)) as [TestUser, TestUser, TestUser];
});

const post = (app: FastifyInstance, user: TestUser | null, url: string, payload: object, key?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...browser(user?.cookie), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const offer = (user: TestUser | null, id: string, price: unknown) =>
  post(b.app, user, `/api/transactions/${id}/offers`, { price });
const answer = (user: TestUser | null, id: string, value: 'accept' | 'decline') =>
  post(b.app, user, `/api/transactions/${id}/offers/answer`, { answer: value });
const negotiation = (user: TestUser | null, id: string) =>
  b.app.inject({ method: 'GET', url: `/api/transactions/${id}/offers`, headers: browser(user?.cookie) });
const lineItems = (user: TestUser | null, payload: object) =>
  post(b.app, user, '/api/transactions/line-items', payload);
const bookEnquiry = (
  user: TestUser,
  listingId: string,
  transactionId: string,
  [start, end]: [string, string],
  extra: object = {},
  key = randomUUID(),
) =>
  post(
    b.app,
    user,
    '/api/transactions',
    {
      listingId,
      transactionId,
      transition: 'request-payment-after-enquiry',
      bookingStart: start,
      bookingEnd: end,
      paymentMethod: 'new',
      saveCard: false,
      ...extra,
    },
    key,
  );

/** A negotiable listing of the host (20 € an hour) and an enquiry of the guest about it. */
async function negotiableEnquiry(customer = guest) {
  const listingId = await hostListing(b, host);
  await makeNegotiable(b.db, listingId);
  return { listingId, id: await enquiry(b, customer, listingId) };
}

/** What core prices two hours at `unitAmount` an hour: the charge the tests expect. */
function expectedPayin([start, end]: [string, string], unitAmount: number) {
  const items = bookingLineItems({
    listingPrice: money(2000, 'EUR'),
    start: new Date(start),
    end: new Date(end),
    timeZone: 'Europe/Madrid',
    negotiation: { status: 'accepted', unitPrice: money(unitAmount, 'EUR') },
  });
  return totals(items, 'EUR').payinTotal.amount;
}

describe('price offers', () => {
  it('the host offers, the guest accepts, and the booking after the enquiry charges the offered price', async () => {
    const { listingId, id } = await negotiableEnquiry();
    const before = (await negotiation(guest, id)).json().negotiation;
    expect(before).toMatchObject({ negotiable: true, status: null, formState: 'not-sent', canAnswer: false });

    const offered = await offer(host, id, '12,50');
    expect(offered.statusCode, offered.body).toBe(201);
    expect(offered.json().negotiation).toMatchObject({
      status: 'offered',
      formState: 'sent-or-accepted',
      canOffer: false,
      offers: [{ kind: 'offered', price: { amount: 1250, currency: 'EUR' }, senderId: host.id }],
    });
    expect((await negotiation(guest, id)).json().negotiation.canAnswer).toBe(true);

    const accepted = await answer(guest, id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().negotiation).toMatchObject({
      status: 'accepted',
      agreedUnitPrice: { amount: 1250, currency: 'EUR' },
      canAnswer: false,
    });

    const slot = nextSlot(b.clock);
    const estimate = await lineItems(guest, {
      listingId,
      transactionId: id,
      bookingStart: slot[0],
      bookingEnd: slot[1],
    });
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(estimate.json().lineItems[0]).toMatchObject({ unitPrice: { amount: 1250 }, quantity: 2 });
    expect(estimate.json().payinTotal.amount).toBe(expectedPayin(slot, 1250));

    const booked = await bookEnquiry(guest, listingId, id, slot);
    expect(booked.statusCode, booked.body).toBe(201);
    const transaction = booked.json().transaction;
    expect(transaction).toMatchObject({
      id,
      state: 'pending-payment',
      lastTransition: 'request-payment-after-enquiry',
    });
    expect(transaction.lineItems[0]).toMatchObject({ code: 'line-item/units', unitPrice: { amount: 1250 } });
    expect(transaction.payinTotal.amount).toBe(expectedPayin(slot, 1250));
    const stored = await b.engine.repository.find(id);
    const intent = b.charges.intents.find((i) => i.id === stored?.transaction.paymentIntentId);
    expect(intent?.amount).toEqual({ amount: expectedPayin(slot, 1250), currency: 'EUR' });
    await paid(b, guest, id);
    expect((await b.engine.repository.find(id))?.transaction.state).toBe('preauthorized');
  });

  it('a declined offer hides nothing new; the host may offer again and the guest accept the new price', async () => {
    const { listingId, id } = await negotiableEnquiry();
    expect((await offer(host, id, 30)).statusCode).toBe(201);
    const declined = await answer(guest, id, 'decline');
    expect(declined.json().negotiation).toMatchObject({
      status: 'declined',
      formState: 'not-sent',
      canAnswer: false,
    });
    const slot = nextSlot(b.clock, 2, 14);
    const refused = await bookEnquiry(guest, listingId, id, slot);
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'transaction-offer-not-allowed']);
    expect((await offer(host, id, '25.5')).statusCode).toBe(201);
    expect((await answer(guest, id, 'accept')).json().negotiation.agreedUnitPrice.amount).toBe(2550);
    const booked = await bookEnquiry(guest, listingId, id, slot);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().transaction.payinTotal.amount).toBe(expectedPayin(slot, 2550));
  });

  it('one offer at a time: none while one waits for its answer, none once one was accepted', async () => {
    const { id } = await negotiableEnquiry();
    expect((await offer(host, id, 10)).statusCode).toBe(201);
    const second = await offer(host, id, 9);
    expect([second.statusCode, errorCode(second), second.json().errors[0].meta.reason]).toEqual([
      409,
      'transaction-offer-not-allowed',
      'offer-open',
    ]);
    await answer(guest, id, 'accept');
    const after = await offer(host, id, 8);
    expect(after.json().errors[0].meta.reason).toBe('offer-accepted');
    const twice = await answer(guest, id, 'decline');
    expect(twice.json().errors[0].meta.reason).toBe('no-open-offer');
  });

  it.each([['0'], ['-5'], ['veinte'], ['12.345'], ['100000.01'], [''], [null], [{ amount: 1 }]])(
    'refuses the offer price %j with a translated 400',
    async (price) => {
      const { id } = await negotiableEnquiry();
      const response = await offer(host, id, price);
      expect(response.statusCode, response.body).toBe(400);
      expect((await negotiation(host, id)).json().negotiation.offers).toEqual([]);
    },
  );

  it('refuses offers on a listing without negotiation', async () => {
    const listingId = await hostListing(b, host);
    const id = await enquiry(b, guest, listingId);
    const response = await offer(host, id, 15);
    expect([response.statusCode, response.json().errors[0].meta.reason]).toEqual([409, 'not-negotiable']);
    expect((await negotiation(host, id)).json().negotiation).toMatchObject({
      negotiable: false,
      canOffer: false,
    });
  });

  it('refuses offers and answers once the enquiry became a booking', async () => {
    const { listingId, id } = await negotiableEnquiry();
    await offer(host, id, 18);
    await answer(guest, id, 'accept');
    expect((await bookEnquiry(guest, listingId, id, nextSlot(b.clock, 1, 9))).statusCode).toBe(201);
    const late = await offer(host, id, 5);
    expect([late.statusCode, late.json().errors[0].meta.reason]).toEqual([409, 'not-enquiry']);
    const lateAnswer = await answer(guest, id, 'decline');
    expect([lateAnswer.statusCode, lateAnswer.json().errors[0].meta.reason]).toEqual([409, 'not-enquiry']);
    // A booking that was requested straight from the listing page has no enquiry to negotiate in.
    const direct = await book(b.app, guest, listingId, ...nextSlot(b.clock, 1, 16));
    expect(direct.statusCode, direct.body).toBe(201);
    const onDirect = await offer(host, direct.json().transaction.id, 5);
    expect(onDirect.json().errors[0].meta.reason).toBe('not-enquiry');
  });
});

describe('who may negotiate (IDOR)', () => {
  it('only the provider offers and only the customer answers; others see nothing', async () => {
    const { listingId, id } = await negotiableEnquiry();
    expect((await negotiation(stranger, id)).statusCode).toBe(404);
    expect((await negotiation(null, id)).statusCode).toBe(401);
    expect((await negotiation(host, randomUUID())).statusCode).toBe(404);

    expect((await offer(stranger, id, 1)).statusCode).toBe(404);
    expect((await offer(null, id, 1)).statusCode).toBe(401);
    const byGuest = await offer(guest, id, 1);
    expect([byGuest.statusCode, byGuest.json().errors[0].meta.reason]).toEqual([409, 'not-provider']);

    expect((await offer(host, id, 22)).statusCode).toBe(201);
    expect((await answer(stranger, id, 'accept')).statusCode).toBe(404);
    expect((await answer(null, id, 'accept')).statusCode).toBe(401);
    const byHost = await answer(host, id, 'accept');
    expect([byHost.statusCode, byHost.json().errors[0].meta.reason]).toEqual([409, 'not-customer']);
    expect((await negotiation(guest, id)).json().negotiation.status).toBe('offered');

    await answer(guest, id, 'accept');
    const slot = nextSlot(b.clock, 1, 17);
    // The enquiry's price and booking are its customer's alone.
    expect(
      (
        await lineItems(stranger, {
          listingId,
          transactionId: id,
          bookingStart: slot[0],
          bookingEnd: slot[1],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await lineItems(host, { listingId, transactionId: id, bookingStart: slot[0], bookingEnd: slot[1] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await lineItems(null, { listingId, transactionId: id, bookingStart: slot[0], bookingEnd: slot[1] }))
        .statusCode,
    ).toBe(401);
    expect((await bookEnquiry(stranger, listingId, id, slot)).statusCode).toBe(404);
    expect((await bookEnquiry(host, listingId, id, slot)).statusCode).toBe(404);
    expect((await b.engine.repository.find(id))?.transaction.state).toBe('enquiry');
  });

  it('a stranger cannot borrow another enquiry’s agreed price for a booking of their own', async () => {
    const { listingId, id } = await negotiableEnquiry();
    await offer(host, id, 1);
    await answer(guest, id, 'accept');
    const own = await enquiry(b, stranger, listingId);
    const slot = nextSlot(b.clock, 1, 11);
    // Their own enquiry has no accepted price: refused. Someone else's: 404.
    const refused = await bookEnquiry(stranger, listingId, own, slot);
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'transaction-offer-not-allowed']);
    expect((await bookEnquiry(stranger, listingId, id, slot)).statusCode).toBe(404);
  });
});

describe('no price from a client or a typed text changes the charge', () => {
  it('a forged offer text in a normal message is only a message', async () => {
    const { listingId, id } = await negotiableEnquiry();
    await typedMessage(b, id, host, buildOfferMessage('offered', money(100, 'EUR')));
    await typedMessage(b, id, guest, buildOfferMessage('accepted', money(100, 'EUR')));
    const read = (await negotiation(guest, id)).json().negotiation;
    expect(read).toMatchObject({ offers: [], status: null, agreedUnitPrice: null, canAnswer: false });
    const slot = nextSlot(b.clock, 2, 9);
    const refused = await bookEnquiry(guest, listingId, id, slot);
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'transaction-offer-not-allowed']);

    // With a real offer accepted, a later forged "acceptance" of a lower price changes nothing.
    await offer(host, id, 40);
    await answer(guest, id, 'accept');
    b.clock.advance(5000);
    await typedMessage(b, id, host, buildOfferMessage('offered', money(100, 'EUR')));
    await typedMessage(b, id, guest, buildOfferMessage('accepted', money(100, 'EUR')));
    const booked = await bookEnquiry(guest, listingId, id, slot);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().transaction.payinTotal.amount).toBe(expectedPayin(slot, 4000));

    // The messages API lists the forged texts as plain messages; only the real ones carry an offer.
    const listed = await b.app.inject({
      method: 'GET',
      url: `/api/transactions/${id}/messages`,
      headers: browser(guest.cookie),
    });
    const offers = (listed.json().data as { offer: unknown }[]).map((m) => m.offer).filter(Boolean);
    expect(offers).toEqual([
      { kind: 'offered', price: { amount: 4000, currency: 'EUR' } },
      { kind: 'accepted', price: { amount: 4000, currency: 'EUR' } },
    ]);
  });

  it('prices sent by the client are ignored by the estimate and the booking', async () => {
    const { listingId, id } = await negotiableEnquiry();
    await offer(host, id, 35);
    await answer(guest, id, 'accept');
    const slot = nextSlot(b.clock, 2, 15);
    const forged = {
      priceAfterNegociation: 1,
      negotiatedUnitPrice: 1,
      price: { amount: 1, currency: 'EUR' },
      lineItems: [],
      payinTotal: { amount: 1, currency: 'EUR' },
    };
    const estimate = await lineItems(guest, {
      listingId,
      transactionId: id,
      bookingStart: slot[0],
      bookingEnd: slot[1],
      ...forged,
    });
    expect(estimate.json().payinTotal.amount).toBe(expectedPayin(slot, 3500));
    // Without the enquiry, the listing's own price (20 €): an agreed price belongs to its enquiry.
    const plain = await lineItems(guest, {
      listingId,
      bookingStart: slot[0],
      bookingEnd: slot[1],
      ...forged,
    });
    expect(plain.json().lineItems[0].unitPrice.amount).toBe(2000);
    const booked = await bookEnquiry(guest, listingId, id, slot, forged);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().transaction.payinTotal.amount).toBe(expectedPayin(slot, 3500));
    const stored = await b.engine.repository.find(id);
    const intent = b.charges.intents.find((i) => i.id === stored?.transaction.paymentIntentId);
    expect(intent?.amount.amount).toBe(expectedPayin(slot, 3500));
  });
});

describe('booking from an enquiry', () => {
  it('books a listing without negotiation at its price, holds the seats, and replays under its key', async () => {
    const listingId = await hostListing(b, host);
    const id = await enquiry(b, guest, listingId);
    const view = await b.app.inject({
      method: 'GET',
      url: `/api/transactions/${id}`,
      headers: browser(guest.cookie),
    });
    expect(view.json().transaction.nextTransitions).toEqual(['request-payment-after-enquiry']);
    const slot = nextSlot(b.clock, 2, 10);
    const key = randomUUID();
    const booked = await bookEnquiry(guest, listingId, id, slot, { message: 'Llegaré a las diez' }, key);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().transaction.payinTotal.amount).toBe(expectedPayin(slot, 2000));
    expect(booked.json().transaction.payment.expiresAt).not.toBeNull();
    const messages = await b.db
      .select({ content: transactionMessages.content })
      .from(transactionMessages)
      .where(eq(transactionMessages.transactionId, id))
      .orderBy(asc(transactionMessages.createdAt));
    expect(messages.map((m) => m.content)).toEqual(['¿Podemos hablar del precio?', 'Llegaré a las diez']);
    const again = await bookEnquiry(guest, listingId, id, slot, { message: 'Llegaré a las diez' }, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().transaction.payment.intentStatus).toBe(
      booked.json().transaction.payment.intentStatus,
    );
    expect(b.charges.intents.filter((i) => i.metadata?.transactionId === id)).toHaveLength(1);

    // The seats are held: another booking of the time is refused, and so is a second request.
    const conflicting = await book(b.app, stranger, listingId, ...slot);
    expect([conflicting.statusCode, errorCode(conflicting)]).toEqual([
      409,
      'transaction-booking-time-not-available',
    ]);
    const other = await enquiry(b, stranger, listingId);
    const fromOther = await bookEnquiry(stranger, listingId, other, slot);
    expect([fromOther.statusCode, errorCode(fromOther)]).toEqual([
      409,
      'transaction-booking-time-not-available',
    ]);
    expect((await b.engine.repository.find(other))?.transaction.state).toBe('enquiry');
    const secondTime = await bookEnquiry(guest, listingId, id, nextSlot(b.clock, 1, 16));
    expect([secondTime.statusCode, errorCode(secondTime)]).toEqual([409, 'transaction-invalid-transition']);
  });

  it('refuses a booking from an enquiry about another listing, or without its transition', async () => {
    const listingId = await hostListing(b, host);
    const otherListing = await hostListing(b, host);
    const id = await enquiry(b, guest, listingId);
    const slot = nextSlot(b.clock, 1, 12);
    const mismatch = await bookEnquiry(guest, otherListing, id, slot);
    expect([mismatch.statusCode, errorCode(mismatch)]).toEqual([400, 'validation-invalid-value']);
    const noId = await post(
      b.app,
      guest,
      '/api/transactions',
      {
        listingId,
        transition: 'request-payment-after-enquiry',
        bookingStart: slot[0],
        bookingEnd: slot[1],
        paymentMethod: 'new',
        saveCard: false,
      },
      randomUUID(),
    );
    expect(noId.statusCode, noId.body).toBe(400);
    const viaTransitions = await post(
      b.app,
      guest,
      `/api/transactions/${id}/transitions`,
      {
        transition: 'request-payment-after-enquiry',
      },
      randomUUID(),
    );
    expect([viaTransitions.statusCode, errorCode(viaTransitions)]).toEqual([
      409,
      'transaction-invalid-transition',
    ]);
    expect((await b.engine.repository.find(id))?.transaction.state).toBe('enquiry');
  });
});
