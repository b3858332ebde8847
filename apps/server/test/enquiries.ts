import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { listings, rateLimitCounters } from '../src/db/schema/index.ts';
import { ENQUIRIES_PER_USER } from '../src/modules/transactions/routes.ts';
import { browser, type TestUser } from './accounts.ts';
import type { BookingApp } from './transactions.ts';

/**
 * An enquiry of `customer` about `listingId` through the contact form's endpoint
 * (`POST /api/transactions/enquiries`, signed in, with an Idempotency-Key): state `enquiry`, the
 * customer's first message, no booking nor price yet. Answers the new transaction's id. The tests
 * make more enquiries per person than the hourly limit allows, so the person's enquiry counter is
 * emptied first (the limit itself is tested in messages-api.test.ts).
 */
export async function enquiry(
  b: Pick<BookingApp, 'app' | 'db'>,
  customer: TestUser,
  listingId: string,
  message = '¿Podemos hablar del precio?',
): Promise<string> {
  await b.db
    .delete(rateLimitCounters)
    .where(eq(rateLimitCounters.key, `${ENQUIRIES_PER_USER.name}:${customer.id.toLowerCase()}`));
  const response = await b.app.inject({
    method: 'POST',
    url: '/api/transactions/enquiries',
    headers: { ...browser(customer.cookie), 'idempotency-key': randomUUID() },
    payload: { listingId, message },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().transaction.id;
}

/** A message as anyone could type it, through the messages API (`POST /api/transactions/:id/messages`). */
export async function typedMessage(
  b: Pick<BookingApp, 'app'>,
  transactionId: string,
  sender: TestUser,
  content: string,
): Promise<void> {
  const response = await b.app.inject({
    method: 'POST',
    url: `/api/transactions/${transactionId}/messages`,
    headers: browser(sender.cookie),
    payload: { content },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Negotiation "yes" on a listing (the pricing tab's choice). */
export async function makeNegotiable(db: Database, listingId: string): Promise<void> {
  await db.update(listings).set({ negotiation: 'yes' }).where(eq(listings.id, listingId));
}
