import type { SeatBooking } from '@hora/core/availability';
import type { Actor, TransitionName } from '@hora/core/process';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import {
  type PositionalStatement,
  positionalPlaceholders,
  positionalValues,
} from '../../db/positional-sql.ts';
import { namedStatement } from '../../db/prepared.ts';
import {
  bookings,
  transactionMessages,
  transactions,
  transactionTransitions,
} from '../../db/schema/index.ts';
import { listingWithAuthorOf } from '../listings/repository.ts';
import {
  CLAIMED,
  GATE,
  insertStatements,
  type RequestContext,
  requestContextRead,
  slots,
  TURN,
  turn,
  turnAndClaim,
} from './booking-request-repository.ts';

/*
 * A new request's steps (decisions 0036, 0052): its context, the listing's turn with the key's
 * claim, and its writes, each one round trip running a statement of booking-request-repository.ts.
 */

/**
 * A booking's writes run as one statement with no transaction around it (decision 0060): the
 * listing's turn, the key's claim and the gate (`GATE`) come first in it.
 */
export interface BookingGate {
  listingId: string;
  claim: IdempotencyClaim;
  /** Fewer jobs queued (a queue never declared) fails the statement: nothing is written. */
  expectedJobs: number;
}

/** An idempotency key taken by a request, in the transaction of what the request writes. */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  requestHash: string;
  transactionId: string;
  createdAt: Date;
  /**
   * The request's answer, kept with the key as it is claimed (a booking whose payment intent was
   * created before its writes, decision 0064); otherwise kept once the request is done.
   */
  response?: { status: number; body: unknown } | null;
}

/** Held ranges as the statements return them (`[start, end]`), as seat-holding bookings. */
function seatBookingsOf(ranges: readonly [string, string][]): SeatBooking[] {
  return ranges.map(([start, end]) => ({ start: new Date(start), end: new Date(end), state: 'accepted' }));
}

/** The placeholders' values of `CLAIMED`. */
function claimValues(claim: IdempotencyClaim) {
  return {
    userId: claim.userId,
    key: claim.key,
    requestHash: claim.requestHash,
    transactionId: claim.transactionId,
    createdAt: claim.createdAt.toISOString(),
    response: claim.response ? JSON.stringify(claim.response) : null,
  };
}

export function requestSteps(db: Executor) {
  return {
    /**
     * Everything a booking request checks before it writes, in one prepared statement (decision
     * 0052): the listing with its author, its exceptions over the booking, its seat-holding bookings
     * around it, the viewer's earlier request with the key, the viewer's unpaid bookings, both
     * parties and the database's clock. Undefined when there is no such listing (the caller then
     * reads the key alone).
     */
    async requestContext(input: {
      viewerId: string;
      key: string;
      listingId: string;
      start: Date;
      end: Date;
      around: { start: Date; end: Date };
    }): Promise<RequestContext | undefined> {
      const [row] = await requestContextRead(db).execute({
        viewerId: input.viewerId,
        key: input.key,
        listingId: input.listingId,
        start: input.start.toISOString(),
        end: input.end.toISOString(),
        aroundStart: input.around.start.toISOString(),
        aroundEnd: input.around.end.toISOString(),
      });
      if (!row) return undefined;
      return {
        found: listingWithAuthorOf(row),
        exceptions: row.exceptions.map(([start, end, seats]) => ({
          start: new Date(start),
          end: new Date(end),
          seats,
        })),
        bookings: seatBookingsOf(row.bookings),
        prior: row.prior,
        unpaid: row.unpaid,
        parties: (row.parties ?? []).map((party) => ({
          ...party,
          deletedAt: party.deletedAt === null ? null : new Date(party.deletedAt),
        })),
        images: row.images,
        databaseNow: new Date(row.databaseNow),
      };
    },

    /**
     * Everything a new request writes, in one statement (decision 0036): the transaction, its first
     * transition, its booking (the exclusion constraint checks it as it is inserted: 23P01 fails the
     * whole statement), the checkout message and the effects' jobs (`jobs`, see `jobsInsertSql`).
     * With `alongside`, more data-modifying CTEs written by the same statement (the listing's
     * free-time job, decision 0065): all or nothing with the booking. Returns how many jobs were
     * queued (none without `jobs`: the demo data's past bookings).
     */
    async insert(input: {
      transaction: typeof transactions.$inferInsert;
      /** None for an enquiry (no time asked for yet). */
      booking: typeof bookings.$inferInsert | null;
      transition: { transition: TransitionName; by: Actor; createdAt: Date };
      message: { id?: string; senderId: string; content: string } | null;
      jobs?: PositionalStatement;
      /** CTEs (`name as (…), …`, names other than this statement's own) written alongside. */
      alongside?: PositionalStatement;
      /** The statement takes the listing's turn, claims the key and passes the gate first. */
      gate?: BookingGate;
    }): Promise<{ queued: number }> {
      const gate = input.gate;
      const transaction = slots('t_', input.transaction);
      const booking = input.booking ? slots('b_', input.booking) : null;
      const values: Record<string, unknown> = {
        ...transaction.values,
        ...booking?.values,
        ...(input.jobs ? positionalValues(input.jobs, 'j_') : {}),
        ...(input.alongside ? positionalValues(input.alongside, 'w_') : {}),
        transition: input.transition.transition,
        by: input.transition.by,
        at: input.transition.createdAt,
        ...(input.message ? { sender: input.message.senderId, content: input.message.content } : {}),
        ...(input.message?.id ? { messageId: input.message.id } : {}),
        ...(gate
          ? {
              listingId: gate.listingId,
              ...claimValues(gate.claim),
              expectedJobs: gate.expectedJobs,
            }
          : {}),
      };
      // The statement's text depends on its shape only (which columns are given, which are null,
      // which parts there are): built once per shape, run as a named prepared statement (planning
      // it cost more than running it, decision 0052).
      const shape = [
        transaction.shape,
        booking ? booking.shape : 'no-booking',
        input.message ? (input.message.id ? 'message-with-id' : 'message') : '',
        input.jobs?.text ?? '',
        input.alongside?.text ?? '',
        gate ? 'gate' : '',
      ].join('|');
      let statement = insertStatements.get(shape);
      if (!statement) {
        const placeholder = (name: string) => sql.placeholder(name);
        const jobs = input.jobs && positionalPlaceholders(input.jobs, 'j_');
        const alongside = input.alongside && positionalPlaceholders(input.alongside, 'w_');
        const message = input.message
          ? sql`, message as (${db
              .insert(transactionMessages)
              .values({
                ...(input.message.id ? { id: placeholder('messageId') } : {}),
                transactionId: placeholder('t_id'),
                senderId: placeholder('sender'),
                content: placeholder('content'),
                createdAt: placeholder('at'),
              })
              .getSQL()})`
          : sql``;
        // The gate first: the rest is written only once the turn is taken (unreferenced CTEs run
        // after the main query; `jobs` is counted only after the gate passed).
        statement = namedStatement(sql`
        with ${gate ? sql`${TURN}, ${CLAIMED}, ${GATE},` : sql``}
        new_transaction as (${db.insert(transactions).values(transaction.placeholders()).getSQL()}),
        first_transition as (${db
          .insert(transactionTransitions)
          .values({
            transactionId: placeholder('t_id'),
            position: 1,
            transition: placeholder('transition'),
            by: placeholder('by'),
            createdAt: placeholder('at'),
          })
          .getSQL()}),
        booking as (${
          booking ? db.insert(bookings).values(booking.placeholders()).getSQL() : sql`select null where false`
        })${message}${jobs ? sql`, jobs as (${jobs.query})` : sql`, jobs as (select null where false)`}${
          alongside ? sql`, ${alongside.query}` : sql``
        }
        select ${
          gate
            ? sql`case when (select open from gate)
                then hora_jobs_queued((select count(*)::int from jobs), ${sql.placeholder('expectedJobs')}::int) end`
            : sql`(select count(*)::int from jobs)`
        } as queued`);
        if (insertStatements.size >= 100) insertStatements.clear();
        insertStatements.set(shape, statement);
      }
      const result = await statement.run(db, values);
      return { queued: (result.rows[0] as { queued: number }).queued };
    },

    /**
     * Waits for any other transaction refreshing this listing's free time or booking it (until it
     * commits), so two of them never cross. With `claim`, once the turn is taken, the idempotency key
     * in the same statement (`claimed` false when another request has it). The database's clock
     * comes along (see databaseNow): one round trip fewer for the timers.
     */
    async serialiseListing(
      listingId: string,
      claim?: IdempotencyClaim,
    ): Promise<{ databaseNow: Date; claimed: boolean }> {
      const result = claim
        ? await turnAndClaim.run(db, { listingId, ...claimValues(claim) })
        : await turn.run(db, { listingId });
      const row = result.rows[0] as { now: string; claimed: boolean };
      return { databaseNow: new Date(row.now), claimed: row.claimed };
    },
  };
}
