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
  type FreeTimeInputs,
  type FreeTimeReading,
  GATE,
  insertStatements,
  type RequestContext,
  requestContextRead,
  requestContextReadWithFreeTime,
  slots,
  TURN,
  turn,
  turnAndClaim,
  turnReading,
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
  /** The context read's `FreeTimeReading` and what it found (`stamp`). */
  from: Date;
  held: { start: Date; end: Date };
  stamp: string;
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
     * around it, the viewer's earlier request with the key, the viewer's unpaid bookings and both
     * parties. Undefined when there is no such listing (the caller then reads the key alone). With
     * `freeTime`, also what the listing's free time is computed from (decision 0060).
     */
    async requestContext(input: {
      viewerId: string;
      key: string;
      listingId: string;
      start: Date;
      end: Date;
      around: { start: Date; end: Date };
      freeTime?: FreeTimeReading | undefined;
    }): Promise<RequestContext | undefined> {
      const values = {
        viewerId: input.viewerId,
        key: input.key,
        listingId: input.listingId,
        start: input.start.toISOString(),
        end: input.end.toISOString(),
        aroundStart: input.around.start.toISOString(),
        aroundEnd: input.around.end.toISOString(),
      };
      const reading = input.freeTime;
      let freeTime: FreeTimeInputs | undefined;
      let row: Awaited<ReturnType<ReturnType<typeof requestContextRead>['execute']>>[number] | undefined;
      if (reading) {
        const [found] = await requestContextReadWithFreeTime(reading.groups)(db).execute({
          ...values,
          ...positionalValues(reading.groups, 'g_'),
          freeFrom: reading.from.toISOString(),
          heldStart: reading.held.start.toISOString(),
          heldEnd: reading.held.end.toISOString(),
        });
        row = found;
        freeTime = found && {
          held: seatBookingsOf(found.freeHeld),
          groups: found.freeGroups,
          stamp: found.freeStamp,
          databaseNow: new Date(found.databaseNow),
        };
      } else {
        [row] = await requestContextRead(db).execute(values);
      }
      if (!row) return undefined;
      return {
        ...(freeTime ? { freeTime } : {}),
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
      };
    },

    /**
     * Everything a new request writes, in one statement (decision 0036): the transaction, its first
     * transition, its booking (the exclusion constraint checks it as it is inserted: 23P01 fails the
     * whole statement), the checkout message and the effects' jobs (`jobs`, see `jobsInsertSql`).
     * With `alongside`, more data-modifying CTEs written by the same statement (the listing's free
     * time, decision 0052's addendum): all or nothing with the booking. Returns how many jobs were
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
              freeFrom: gate.from.toISOString(),
              heldStart: gate.held.start.toISOString(),
              heldEnd: gate.held.end.toISOString(),
              stamp: gate.stamp,
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
     * Waits for any other transaction refreshing this listing's free time (until it commits), so two
     * bookings of one listing never write free time that misses the other. With `claim`, once the
     * turn is taken, the idempotency key in the same statement (`claimed` false when another request
     * has it). The database's clock comes along (see databaseNow): one round trip fewer for the timers.
     * With `read`, what the listing's free time is computed from, in the same statement (decision
     * 0052's addendum): its seat-holding bookings touching `read.held` as they are once the turn is
     * taken (`hora_seat_holding_now` reads them with a snapshot of its own, so the ones the previous
     * holder committed are in), and the rows of `read.groups` (the listing's plan, rules and
     * exceptions as the statement found them when it started).
     */
    async serialiseListing(
      listingId: string,
      claim?: IdempotencyClaim,
      read?: { held: { start: Date; end: Date }; groups: PositionalStatement },
    ): Promise<{ databaseNow: Date; claimed: boolean; held: SeatBooking[]; groups: unknown[] }> {
      const claimed = claim && claimValues(claim);
      const result = read
        ? await turnReading(read.groups, claim !== undefined).run(db, {
            listingId,
            ...claimed,
            heldStart: read.held.start.toISOString(),
            heldEnd: read.held.end.toISOString(),
            ...positionalValues(read.groups, 'g_'),
          })
        : claimed
          ? await turnAndClaim.run(db, { listingId, ...claimed })
          : await turn.run(db, { listingId });
      const row = result.rows[0] as {
        now: string;
        claimed: boolean;
        held?: [string, string][];
        groups?: unknown[];
      };
      return {
        databaseNow: new Date(row.now),
        claimed: row.claimed,
        held: seatBookingsOf(row.held ?? []),
        groups: row.groups ?? [],
      };
    },
  };
}
