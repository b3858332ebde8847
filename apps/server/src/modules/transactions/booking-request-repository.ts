import type { SeatBooking } from '@hora/core/availability';
import { eq, is, SQL, sql } from 'drizzle-orm';
import { namedStatement, preparedFor } from '../../db/prepared.ts';
import { listings, transactions, users } from '../../db/schema/index.ts';
import { type ListingImageRow, listingImageRowsColumn } from '../images/index.ts';
import type { ListingWithAuthor } from '../listings/record.ts';
import { listingWithAuthorColumns } from '../listings/repository.ts';
import type { PartyRow } from './views.ts';

/*
 * The transactions' prepared statements (decisions 0036, 0052): the row locks and the booking
 * request's context, turn, writes and answer, built once and prepared per connection. Run only by
 * `transactionRepository`.
 */

export const lockRow = preparedFor((db) =>
  db
    .select()
    .from(transactions)
    .where(eq(transactions.id, sql.placeholder('id')))
    .for('update')
    .prepare('transaction_lock'),
);
export const lockRowNowait = preparedFor((db) =>
  db
    .select()
    .from(transactions)
    .where(eq(transactions.id, sql.placeholder('id')))
    .for('update', { noWait: true })
    .prepare('transaction_lock_nowait'),
);

/** An Idempotency-Key's row as a request reads it before running. */
export interface IdempotencyRow {
  requestHash: string;
  transactionId: string | null;
  response: { status: number; body: unknown } | null;
}

/** What a booking request checks before it writes, read in one statement (`requestContext`). */
export interface RequestContext {
  found: ListingWithAuthor;
  /** The listing's exceptions overlapping the booking, in time order. */
  exceptions: { start: Date; end: Date; seats: number }[];
  /** The listing's seat-holding bookings touching the range read around the booking. */
  bookings: SeatBooking[];
  /** The viewer's earlier request with this Idempotency-Key, if any. */
  prior: IdempotencyRow | null;
  /** The viewer's bookings waiting for payment. */
  unpaid: number;
  /** The viewer and the listing's author as the transaction's views show its parties. */
  parties: PartyRow[];
  /** The listing's photos, in order, for the answer (decision 0052's addendum). */
  images: ListingImageRow[];
  /** The database's clock as the read ran: the timers' jobs are due by it. */
  databaseNow: Date;
}

/** The context read's columns besides the listing's (`requestContext`). */
function contextColumns() {
  const viewerId = sql`${sql.placeholder('viewerId')}::uuid`;
  return {
    ...listingWithAuthorColumns,
    exceptions: sql<[string, string, number][]>`(
        select coalesce(json_agg(json_build_array(x.starts_at, x.ends_at, x.seats) order by x.starts_at), '[]'::json)
        from availability_exceptions x
        where x.listing_id = ${listings.id} and x.starts_at < ${sql.placeholder('end')}::timestamptz
          and x.ends_at > ${sql.placeholder('start')}::timestamptz)`,
    bookings: sql<[string, string][]>`(
        select coalesce(json_agg(json_build_array(lower(b.during), upper(b.during))), '[]'::json)
        from bookings b
        where b.listing_id = ${listings.id} and b.holds_seats
          and b.during && tstzrange(${sql.placeholder('aroundStart')}::timestamptz, ${sql.placeholder('aroundEnd')}::timestamptz))`,
    prior: sql<IdempotencyRow | null>`(
        select json_build_object('requestHash', k.request_hash, 'transactionId', k.transaction_id, 'response', k.response)
        from idempotency_keys k where k.user_id = ${viewerId} and k.key = ${sql.placeholder('key')})`,
    unpaid: sql<number>`(
        select count(*)::int from transactions t where t.customer_id = ${viewerId} and t.state = 'pending-payment')`,
    parties: sql<(Omit<PartyRow, 'deletedAt'> & { deletedAt: string | null })[]>`(
        select json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
          'image', u.image, 'banned', u.banned, 'deletedAt', u.deleted_at))
        from users u where u.id in (${viewerId}, ${listings.authorId}))`,
    images: listingImageRowsColumn(),
    databaseNow: sql<string>`now()::text`,
  };
}

export const requestContextRead = preparedFor((db) =>
  db
    .select(contextColumns())
    .from(listings)
    .innerJoin(users, eq(users.id, listings.authorId))
    .where(eq(listings.id, sql.placeholder('listingId')))
    .prepare('transaction_request_context'),
);

/** The listing's turn (`serialiseListing`), with the database's clock. */
export const turn = namedStatement(
  sql`select pg_advisory_xact_lock(hashtextextended(${sql.placeholder('listingId')}, 32)), now()::text as now,
    true as claimed`,
);

export const TURN = sql`turn as (select pg_advisory_xact_lock(hashtextextended(${sql.placeholder('listingId')}, 32)),
  now() as now)`;

/**
 * Once the turn is taken, the request's Idempotency-Key (`serialiseListing`), with the request's answer
 * when it was made before the writes (`IdempotencyClaim.response`, decision 0064).
 */
export const CLAIMED = sql`claimed as (
    insert into idempotency_keys (user_id, key, request_hash, transaction_id, created_at, response)
    select ${sql.placeholder('userId')}::uuid, ${sql.placeholder('key')}, ${sql.placeholder('requestHash')},
      ${sql.placeholder('transactionId')}::uuid, ${sql.placeholder('createdAt')}::timestamptz,
      ${sql.placeholder('response')}::jsonb
    from turn
    on conflict do nothing
    returning 1
  )`;

/**
 * Once the turn is taken and the key claimed, the booking's gate: the statement fails with HRK01
 * when another request took the key (`hora_key_gate`, migration 0028), and nothing of it is written.
 */
export const GATE = sql`gate as (select hora_key_gate(exists (select 1 from claimed)) as open from turn)`;

/** The listing's turn and, once it is taken, the request's Idempotency-Key (`serialiseListing`). */
export const turnAndClaim = namedStatement(sql`
  with ${TURN}, ${CLAIMED}
  select now::text as now, exists (select 1 from claimed) as claimed from turn`);

/** A new payment intent stored with the request's answer under its key (`answerIdempotencyKey`). */
export const answerWithIntent = namedStatement(sql`
  with intent as (
    update transactions set payment_intent_id = ${sql.placeholder('intentId')},
      payment_intent_status = ${sql.placeholder('intentStatus')}
    where id = ${sql.placeholder('transactionId')}::uuid
  )
  update idempotency_keys set response = ${sql.placeholder('response')}::jsonb
  where user_id = ${sql.placeholder('userId')}::uuid and key = ${sql.placeholder('key')}`);

/** The request's insert statements, one per shape (`insert`). */
export const insertStatements = new Map<string, ReturnType<typeof namedStatement>>();

/**
 * A row to insert as placeholders named `${prefix}${column}` (a null as SQL null: the columns'
 * encoders do not take one): the values to fill them, the row's shape (columns given, and which of
 * them are null), on which the statement's text depends, and the placeholders, made only when the
 * statement of that shape is built.
 */
export function slots(prefix: string, row: Record<string, unknown>) {
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  for (const [column, value] of Object.entries(row)) {
    if (value === undefined) continue;
    if (value === null) {
      shape.push(`${column}=null`);
    } else {
      if (is(value, SQL)) throw new Error(`insert takes values, not SQL (${column})`);
      values[`${prefix}${column}`] = value;
      shape.push(column);
    }
  }
  const placeholders = () => {
    const built: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row)) {
      if (value === undefined) continue;
      built[column] = value === null ? sql`null` : sql.placeholder(`${prefix}${column}`);
    }
    // biome-ignore lint/suspicious/noExplicitAny: Drizzle's insert takes placeholders for any column
    return built as any;
  };
  return { values, shape: shape.join(','), placeholders };
}
