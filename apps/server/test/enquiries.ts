import { randomUUID } from 'node:crypto';
import { MARKETPLACE } from '@hora/core/config';
import { BOOKING_PROCESS } from '@hora/core/process';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import {
  listings,
  transactionMessages,
  transactions,
  transactionTransitions,
} from '../src/db/schema/index.ts';
import type { TestUser } from './accounts.ts';
import type { BookingApp } from './transactions.ts';

/**
 * A transaction in `enquiry`, written straight to the tables as the `enquire` transition leaves it
 * (one `enquire` transition by the customer, no booking, no money yet), with the customer's first
 * message. A stand-in until the enquiry's own API lands: then `enquiry()` becomes a call of it
 * (`POST` of the enquiry form's endpoint) answering the new transaction's id, and the tests using it
 * stay as they are.
 */
export async function enquiry(
  b: Pick<BookingApp, 'db' | 'clock'>,
  customer: TestUser,
  listingId: string,
  message = '¿Podemos hablar del precio?',
): Promise<string> {
  const { db, clock } = b;
  const [listing] = await db
    .select({ authorId: listings.authorId })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing) throw new Error(`No listing ${listingId}`);
  const id = randomUUID();
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.insert(transactions).values({
      id,
      listingId,
      customerId: customer.id,
      providerId: listing.authorId,
      processAlias: BOOKING_PROCESS.alias,
      state: 'enquiry',
      lastTransition: 'enquire',
      lastTransitionedAt: now,
      createdAt: now,
      lineItems: [],
      payinTotal: 0,
      payoutTotal: 0,
      currency: MARKETPLACE.currency,
      transferDestination: '',
    });
    await tx
      .insert(transactionTransitions)
      .values({ transactionId: id, position: 1, transition: 'enquire', by: 'customer', createdAt: now });
    await tx
      .insert(transactionMessages)
      .values({ transactionId: id, senderId: customer.id, content: message, createdAt: now });
  });
  return id;
}

/** A message as anyone could type it (the messages API's rows: no offer columns). */
export async function typedMessage(
  db: Database,
  transactionId: string,
  sender: TestUser,
  content: string,
  at: Date,
): Promise<void> {
  await db.insert(transactionMessages).values({ transactionId, senderId: sender.id, content, createdAt: at });
}

/** Negotiation "yes" on a listing (the pricing tab's choice). */
export async function makeNegotiable(db: Database, listingId: string): Promise<void> {
  await db.update(listings).set({ negotiation: 'yes' }).where(eq(listings.id, listingId));
}
