import type { OfferKind } from '@hora/core/offers';
import type { LineItem } from '@hora/core/pricing';
import type { Actor, ProcessState, TransitionName } from '@hora/core/process';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { listings } from './listings.ts';

/** PostgreSQL's `tstzrange`, read and written as its text form (`[start,end)`). */
const tstzRange = customType<{ data: string; driverData: string }>({
  dataType: () => 'tstzrange',
});

/**
 * A transaction of the booking process (spec part 1 §3): who books which listing, where it stands
 * in the process, and its money in integer minor units. The state is only ever changed by the
 * engine, in the database transaction that also appends the transition and queues its effects.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    processAlias: text('process_alias').notNull(),
    state: text('state').$type<ProcessState>().notNull(),
    lastTransition: text('last_transition').$type<TransitionName>(),
    lastTransitionedAt: timestamp('last_transitioned_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Core's line items, computed on the server at the payment request (none for an enquiry). */
    lineItems: jsonb('line_items').$type<LineItem[]>().notNull(),
    /** Null while an enquiry has no price yet (decision 0040); set by every payment request. */
    payinTotal: integer('payin_total'),
    payoutTotal: integer('payout_total'),
    currency: text('currency').notNull(),
    /** Issue 12: the per-hour price of an accepted offer, when the line items used one. */
    negotiatedUnitPrice: integer('negotiated_unit_price'),
    /** The provider's connected account paid at capture (a destination charge); null for an enquiry. */
    transferDestination: text('transfer_destination'),
    /** What the payment intent is created with, so a replay with its idempotency key matches. */
    paymentCustomerId: text('payment_customer_id'),
    paymentMethodId: text('payment_method_id'),
    saveCard: boolean('save_card').notNull().default(false),
    /** `pi_…`, stored once the port answered. */
    paymentIntentId: text('payment_intent_id').unique(),
    /** The intent's last known status (Stripe's words). */
    paymentIntentStatus: text('payment_intent_status'),
    /** When the 15-minute payment window closes (pending payment only). */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    /** The earliest timer of the current state: the reconciler finds lost timers by it. */
    nextTimerAt: timestamp('next_timer_at', { withTimezone: true }),
    /** Spec's protectedData: fields only the parties see (address snapshot, etc.). */
    protectedData: jsonb('protected_data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    // A person's orders and sales, most recently changed first with the id as tie-break (the inbox's
    // order): a page's ids come from the index alone, however deep the page (decision 0049).
    index('transactions_customer_idx').on(table.customerId, table.lastTransitionedAt, table.id),
    index('transactions_provider_idx').on(table.providerId, table.lastTransitionedAt, table.id),
    // The sales awaiting the host (inbox dot, counted on every signed-in page).
    index('transactions_awaiting_provider_idx')
      .on(table.providerId)
      .where(sql`${table.lastTransition} = 'confirm-payment'`),
    index('transactions_next_timer_idx').on(table.nextTimerAt).where(sql`${table.nextTimerAt} is not null`),
    index('transactions_listing_idx').on(table.listingId),
    check('transactions_money_check', sql`${table.payinTotal} >= 0 and ${table.payoutTotal} >= 0`),
    // Only an enquiry goes without a price and a payee: every other state was paid for or asked to be.
    check(
      'transactions_priced_check',
      sql`${table.state} in ('initial', 'enquiry') or (${table.payinTotal} is not null and ${table.payoutTotal} is not null and ${table.transferDestination} is not null)`,
    ),
  ],
);

/** Every transition a transaction went through, in order; never updated. */
export const transactionTransitions = pgTable(
  'transaction_transitions',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** 1, 2, …: the order of the transitions (the row lock makes it gap-free). */
    position: integer('position').notNull(),
    transition: text('transition').$type<TransitionName>().notNull(),
    by: text('by').$type<Actor>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.transactionId, table.position] }),
    // A transition runs at most once per transaction (the process has no cycles).
    unique('transaction_transitions_once').on(table.transactionId, table.transition),
  ],
);

/**
 * The booked time of a transaction. `during` is the range it holds: its own time plus the listing's
 * buffers before and after, as the rules were when booked. While `holds_seats` (core's
 * `holdsSeats(state)`), the exclusion constraint of the migration keeps any other seat-holding
 * booking of the listing from overlapping it.
 */
export const bookings = pgTable(
  'bookings',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    during: tstzRange('during').notNull(),
    seats: integer('seats').notNull().default(1),
    holdsSeats: boolean('holds_seats').notNull(),
  },
  (table) => [check('bookings_range_check', sql`${table.start} < ${table.end}`)],
);

/** Messages of a transaction: checkout's optional first message, the enquiry's, and the conversation. */
export const transactionMessages = pgTable(
  'transaction_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * A price offer or its answer (decision 0042): only the offers module writes these, so no text a
     * user types is ever read as an offer. `content` then holds the spec's marker text, rendered from
     * these columns for whoever needs a text.
     */
    offerKind: text('offer_kind').$type<OfferKind>(),
    /** The per-hour price, in minor units of `offer_currency`. */
    offerAmount: integer('offer_amount'),
    offerCurrency: text('offer_currency'),
  },
  (table) => [
    index('transaction_messages_transaction_idx').on(table.transactionId, table.createdAt),
    check(
      'transaction_messages_offer_check',
      sql`(${table.offerKind} is null and ${table.offerAmount} is null and ${table.offerCurrency} is null)
        or (${table.offerKind} in ('offered', 'accepted', 'declined') and ${table.offerAmount} > 0
          and ${table.offerCurrency} ~ '^[A-Z]{3}$')`,
    ),
  ],
);

/**
 * When a person was last emailed about a conversation's new messages: at most one such email per
 * transaction and recipient in MESSAGE_EMAIL_INTERVAL (decision 0041). One row each, moved forward
 * by a conditional upsert, so two messages' jobs at once cannot both pass.
 */
export const messageNotifications = pgTable(
  'message_notifications',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }).notNull(),
    /** The message that email was about (its outbox rows are keyed by it). */
    messageId: uuid('message_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.transactionId, table.recipientId] })],
);

/**
 * What the payment provider did for a transaction, one row per (transition, action): the job that
 * acts checks here first, so a retry never moves money twice (the provider's idempotency key is
 * the second guard).
 */
export const transactionPayments = pgTable(
  'transaction_payments',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    transition: text('transition').$type<TransitionName>().notNull(),
    /** 'capture' | 'cancel' | 'refund' | 'transfer' */
    action: text('action').notNull(),
    /** What the provider answered: `pi_…`, `re_…`, `tr_…`, or null when nothing was needed. */
    providerObjectId: text('provider_object_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The outcome in words (`captured`, `canceled`, `refunded`, `routed-at-capture`, …). */
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.transactionId, table.transition, table.action] })],
);

/**
 * A client's `Idempotency-Key` per person: the request it came with (a hash) and, once answered,
 * the answer. Kept a day (the `transactions.idempotency-sweep` job removes older ones).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    transactionId: uuid('transaction_id'),
    response: jsonb('response').$type<{ status: number; body: unknown }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
