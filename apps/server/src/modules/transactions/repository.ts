import type { SeatBooking } from '@hora/core/availability';
import type { Actor, ProcessState, TransitionName } from '@hora/core/process';
import { and, asc, count, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import {
  type PositionalStatement,
  positionalPlaceholders,
  positionalValues,
} from '../../db/positional-sql.ts';
import { namedStatement } from '../../db/prepared.ts';
import {
  bookings,
  idempotencyKeys,
  transactionMessages,
  transactionPayments,
  transactions,
  transactionTransitions,
  users,
} from '../../db/schema/index.ts';
import { listingWithAuthorOf } from '../listings/repository.ts';
import {
  answerWithIntent,
  insertStatements,
  lockRow,
  lockRowNowait,
  type RequestContext,
  requestContextRead,
  slots,
  turn,
  turnAndClaim,
  turnReading,
} from './booking-request-repository.ts';

export type { IdempotencyRow, RequestContext } from './booking-request-repository.ts';
export { seatBookingsReader } from './seat-bookings-repository.ts';

export type TransactionRow = typeof transactions.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type TransitionRow = typeof transactionTransitions.$inferSelect;
export type PaymentRow = typeof transactionPayments.$inferSelect;
export type TransactionInsert = typeof transactions.$inferInsert;
export type BookingInsert = typeof bookings.$inferInsert;

/** An idempotency key taken by a request, in the transaction of what the request writes. */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  requestHash: string;
  transactionId: string;
  createdAt: Date;
}

/** A transaction with what the engine and the views read alongside it. */
export interface StoredTransaction {
  transaction: TransactionRow;
  booking: BookingRow | null;
  transitions: TransitionRow[];
}

/** `[start,end)` as PostgreSQL's range text. */
export function rangeLiteral(start: Date, end: Date): string {
  return `[${start.toISOString()},${end.toISOString()})`;
}

/** PostgreSQL error codes the engine maps: the exclusion constraint and a row locked elsewhere. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
export const EXCLUSION_VIOLATION = '23P01';
export const LOCK_NOT_AVAILABLE = '55P03';
export const UNIQUE_VIOLATION = '23505';
export const DEADLOCK_DETECTED = '40P01';

/** The only place the transactions module touches the database. */
export function transactionRepository(db: Executor) {
  async function withParts(row: TransactionRow | undefined): Promise<StoredTransaction | undefined> {
    if (!row) return undefined;
    const [booking, transitions] = await Promise.all([
      db.select().from(bookings).where(eq(bookings.transactionId, row.id)),
      db
        .select()
        .from(transactionTransitions)
        .where(eq(transactionTransitions.transactionId, row.id))
        .orderBy(asc(transactionTransitions.position)),
    ]);
    return { transaction: row, booking: booking[0] ?? null, transitions };
  }

  return {
    /** Several transactions with their parts, in the order of the ids (unknown ids left out). */
    async findMany(ids: readonly string[]): Promise<StoredTransaction[]> {
      if (ids.length === 0) return [];
      const list = [...ids];
      const [rows, bookingRows, transitionRows] = await Promise.all([
        db.select().from(transactions).where(inArray(transactions.id, list)),
        db.select().from(bookings).where(inArray(bookings.transactionId, list)),
        db
          .select()
          .from(transactionTransitions)
          .where(inArray(transactionTransitions.transactionId, list))
          .orderBy(asc(transactionTransitions.position)),
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return list.flatMap((id) => {
        const transaction = byId.get(id);
        if (!transaction) return [];
        return [
          {
            transaction,
            booking: bookingRows.find((b) => b.transactionId === id) ?? null,
            transitions: transitionRows.filter((t) => t.transactionId === id),
          },
        ];
      });
    },

    async paymentsOf(ids: readonly string[]): Promise<PaymentRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(transactionPayments)
        .where(inArray(transactionPayments.transactionId, [...ids]))
        .orderBy(asc(transactionPayments.createdAt));
    },

    async partiesOf(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          image: users.image,
          banned: users.banned,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    /**
     * Everything a booking request checks before it writes, in one prepared statement (decision
     * 0052): the listing with its author, its exceptions over the booking, its seat-holding bookings
     * around it, the viewer's earlier request with the key, the viewer's unpaid bookings and both
     * parties. Undefined when there is no such listing (the caller then reads the key alone).
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
        bookings: row.bookings.map(
          ([start, end]): SeatBooking => ({ start: new Date(start), end: new Date(end), state: 'accepted' }),
        ),
        prior: row.prior,
        unpaid: row.unpaid,
        parties: (row.parties ?? []).map((party) => ({
          ...party,
          deletedAt: party.deletedAt === null ? null : new Date(party.deletedAt),
        })),
        images: row.images,
      };
    },

    /** A customer's bookings waiting for payment (each holds its hours until paid or expired). */
    async unpaidHoldsOf(customerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(transactions)
        .where(and(eq(transactions.customerId, customerId), eq(transactions.state, 'pending-payment')));
      return row?.n ?? 0;
    },

    async find(id: string): Promise<StoredTransaction | undefined> {
      const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
      return withParts(row);
    },

    /** The row locked until the transaction ends; with `noWait`, 55P03 when another holds it. */
    async lock(id: string, options: { noWait?: boolean } = {}): Promise<StoredTransaction | undefined> {
      const [row] = await (options.noWait ? lockRowNowait(db) : lockRow(db)).execute({ id });
      return withParts(row);
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
    }): Promise<{ queued: number }> {
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
        statement = namedStatement(sql`
        with new_transaction as (${db.insert(transactions).values(transaction.placeholders()).getSQL()}),
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
        select (select count(*)::int from jobs) as queued`);
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
      const claimValues = claim && {
        userId: claim.userId,
        key: claim.key,
        requestHash: claim.requestHash,
        transactionId: claim.transactionId,
        createdAt: claim.createdAt.toISOString(),
      };
      const result = read
        ? await turnReading(read.groups, claim !== undefined).run(db, {
            listingId,
            ...claimValues,
            heldStart: read.held.start.toISOString(),
            heldEnd: read.held.end.toISOString(),
            ...positionalValues(read.groups, 'g_'),
          })
        : claimValues
          ? await turnAndClaim.run(db, { listingId, ...claimValues })
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
        held: (row.held ?? []).map(
          ([start, end]): SeatBooking => ({ start: new Date(start), end: new Date(end), state: 'accepted' }),
        ),
        groups: row.groups ?? [],
      };
    },

    /** The database's clock (its transaction's start): pg-boss compares `start_after` with it. */
    async databaseNow(): Promise<Date> {
      const result = await db.execute<{ now: string }>(sql`select now()::text as now`);
      return new Date((result.rows[0] as { now: string }).now);
    },

    async appendTransition(
      id: string,
      position: number,
      record: { transition: TransitionName; by: Actor; createdAt: Date },
    ): Promise<void> {
      await db.insert(transactionTransitions).values({ transactionId: id, position, ...record });
    },

    async updateState(
      id: string,
      changes: {
        state: ProcessState;
        lastTransition: TransitionName;
        lastTransitionedAt: Date;
        nextTimerAt: Date | null;
        paymentExpiresAt: Date | null;
      },
    ): Promise<void> {
      await db.update(transactions).set(changes).where(eq(transactions.id, id));
    },

    /** The booking of an enquiry's payment request: the exclusion constraint checks it (23P01). */
    async insertBooking(row: BookingInsert): Promise<void> {
      await db.insert(bookings).values(row);
    },

    /** The checkout's message of a booking after an enquiry (a plain message: no offer columns). */
    async insertMessage(row: { transactionId: string; senderId: string; content: string; createdAt: Date }) {
      await db.insert(transactionMessages).values(row);
    },

    /** What the payment request after an enquiry prices and stores on the enquiry's row. */
    async updateRequest(id: string, changes: Partial<TransactionInsert>): Promise<void> {
      await db.update(transactions).set(changes).where(eq(transactions.id, id));
    },

    async setHoldsSeats(id: string, holds: boolean): Promise<void> {
      await db.update(bookings).set({ holdsSeats: holds }).where(eq(bookings.transactionId, id));
    },

    async setIntent(id: string, intentId: string, status: string): Promise<void> {
      await db
        .update(transactions)
        .set({ paymentIntentId: intentId, paymentIntentStatus: status })
        .where(eq(transactions.id, id));
    },

    async setIntentStatus(id: string, status: string): Promise<void> {
      await db.update(transactions).set({ paymentIntentStatus: status }).where(eq(transactions.id, id));
    },

    async payments(id: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(transactionPayments)
        .where(eq(transactionPayments.transactionId, id))
        .orderBy(asc(transactionPayments.createdAt));
    },

    async payment(id: string, transition: TransitionName, action: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(transactionPayments)
        .where(
          and(
            eq(transactionPayments.transactionId, id),
            eq(transactionPayments.transition, transition),
            eq(transactionPayments.action, action),
          ),
        );
      return row;
    },

    async recordPayment(row: typeof transactionPayments.$inferInsert): Promise<void> {
      await db.insert(transactionPayments).values(row).onConflictDoNothing();
    },

    async firstMessage(id: string): Promise<string | null> {
      const [row] = await db
        .select({ content: transactionMessages.content })
        .from(transactionMessages)
        .where(eq(transactionMessages.transactionId, id))
        .orderBy(asc(transactionMessages.createdAt))
        .limit(1);
      return row?.content ?? null;
    },

    /** A page of a person's transactions, most recently changed first. */
    async page(
      userId: string,
      options: {
        only: 'order' | 'sale' | null;
        lastTransitions: string[] | null;
        page: number;
        perPage: number;
      },
    ): Promise<{ ids: string[]; total: number }> {
      const side =
        options.only === 'order'
          ? eq(transactions.customerId, userId)
          : options.only === 'sale'
            ? eq(transactions.providerId, userId)
            : or(eq(transactions.customerId, userId), eq(transactions.providerId, userId));
      const where = and(
        side,
        options.lastTransitions
          ? inArray(transactions.lastTransition, options.lastTransitions as TransitionName[])
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: transactions.id })
          .from(transactions)
          .where(where)
          .orderBy(desc(transactions.lastTransitionedAt), desc(transactions.id))
          .limit(options.perPage)
          .offset((options.page - 1) * options.perPage),
        db.select({ n: count() }).from(transactions).where(where),
      ]);
      return { ids: rows.map((row) => row.id), total: total?.n ?? 0 };
    },

    /**
     * The provider's sales awaiting their answer (last transition `confirm-payment`): the top bar's
     * dot and the inbox tab's count. One count on a partial index, read on every signed-in page.
     */
    async awaitingCount(providerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(transactions)
        .where(
          and(eq(transactions.providerId, providerId), eq(transactions.lastTransition, 'confirm-payment')),
        );
      return row?.n ?? 0;
    },

    // Idempotency keys.
    async idempotencyKey(userId: string, key: string) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row;
    },

    /** False when the key exists already (another request with it committed first). */
    async claimIdempotencyKey(row: typeof idempotencyKeys.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(idempotencyKeys)
        .values(row)
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return inserted.length === 1;
    },

    /** The answer kept under the key; with `intent`, the transaction's new payment intent in the same statement. */
    async answerIdempotencyKey(
      userId: string,
      key: string,
      response: { status: number; body: unknown },
      intent?: { transactionId: string; intent: { id: string; status: string } },
    ) {
      if (!intent) {
        await db
          .update(idempotencyKeys)
          .set({ response })
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        return;
      }
      await answerWithIntent.run(db, {
        intentId: intent.intent.id,
        intentStatus: intent.intent.status,
        transactionId: intent.transactionId,
        response: JSON.stringify(response),
        userId,
        key,
      });
    },

    async expireIdempotencyKeys(before: Date): Promise<number> {
      const result = await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < ${before}`);
      return result.rowCount ?? 0;
    },

    // The reconciler's questions.
    /** Transactions whose current state has a timer that fell due before `at`. */
    async overdueTimers(at: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(sql`${transactions.nextTimerAt} <= ${at}`)
        .orderBy(asc(transactions.nextTimerAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Bookings holding seats though their transaction's state does not (none, unless broken). */
    async strayHolds(states: readonly ProcessState[]): Promise<string[]> {
      const rows = await db
        .select({ id: bookings.transactionId })
        .from(bookings)
        .innerJoin(transactions, eq(transactions.id, bookings.transactionId))
        .where(and(eq(bookings.holdsSeats, true), notInArray(transactions.state, [...states])));
      return rows.map((row) => row.id);
    },

    /**
     * Transitions older than `before` whose payment action (see the engine's table) has no recorded
     * outcome: a job that failed for good, or was never run.
     */
    async unsettledPayments(
      transitions: readonly TransitionName[],
      before: Date,
      limit: number,
    ): Promise<{ id: string; transition: TransitionName }[]> {
      const result = await db.execute(sql`
        select tt.transaction_id as id, tt.transition
        from transaction_transitions tt
        where tt.transition in ${transitions} and tt.created_at < ${before}
          and not exists (select 1 from transaction_payments p
            where p.transaction_id = tt.transaction_id and p.transition = tt.transition)
        order by tt.created_at limit ${limit}`);
      return result.rows as unknown as { id: string; transition: TransitionName }[];
    },
  };
}

export type TransactionRepository = ReturnType<typeof transactionRepository>;
