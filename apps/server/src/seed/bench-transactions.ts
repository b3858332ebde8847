import { MARKETPLACE } from '@hora/core/config';
import { bookingLineItems, totals } from '@hora/core/pricing';
import { BOOKING_PROCESS } from '@hora/core/process';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { withTransaction } from '../db/executor.ts';
import { positionalSql } from '../db/positional-sql.ts';
import { listings, users } from '../db/schema/index.ts';

/**
 * The inbox benchmark's fixture: one host with many sales (ten thousand by default), written
 * set-based (`INSERT … SELECT … FROM generate_series`) in one database transaction: each sale's
 * transaction row, booking, transitions (the paths the engine takes, with their actors and times)
 * and three messages. Most sales are past (reviewed, delivered, declined, payment expired,
 * canceled); the newest 15 % are upcoming, accepted or awaiting the host's answer, each in an hour
 * of its own, so the seat-holding ones never overlap. No jobs are queued: nothing is due.
 */
export interface BenchTransactionsOptions {
  hostEmail: string;
  transactions: number;
  now: Date;
}

export interface BenchTransactionsResult {
  hostId: string;
  transactions: number;
  transitions: number;
  messages: number;
  awaiting: number;
  milliseconds: number;
}

/** The process paths of the fixture: the transitions run, who ran them, and the state they lead to. */
const PATHS = [
  ['reviewed', ['request-payment', 'confirm-payment', 'accept', 'complete', 'expire-review-period']],
  ['delivered', ['request-payment', 'confirm-payment', 'accept', 'complete']],
  ['declined', ['request-payment', 'confirm-payment', 'decline']],
  ['payment-expired', ['request-payment', 'expire-payment']],
  ['canceled', ['request-payment', 'confirm-payment', 'accept', 'cancel']],
  // Upcoming:
  ['accepted', ['request-payment', 'confirm-payment', 'accept']],
  ['preauthorized', ['request-payment', 'confirm-payment']],
] as const;
const ACTOR: Record<string, string> = {
  'request-payment': 'customer',
  'confirm-payment': 'customer',
  accept: 'provider',
  decline: 'provider',
  cancel: 'operator',
};

export async function fillBenchTransactions(
  db: Database,
  options: BenchTransactionsOptions,
): Promise<BenchTransactionsResult> {
  const started = performance.now();
  const [host] = await db.select({ id: users.id }).from(users).where(eq(users.email, options.hostEmail));
  if (!host) throw new Error(`No user ${options.hostEmail}: seed the demo data first`);
  const own = await db
    .select({ id: listings.id, price: listings.priceAmount, timeZone: listings.timeZone })
    .from(listings)
    .where(
      and(eq(listings.authorId, host.id), eq(listings.state, 'published'), isNotNull(listings.priceAmount)),
    )
    .orderBy(asc(listings.createdAt));
  const customers = await db
    .select({ id: users.id })
    .from(users)
    .where(ne(users.id, host.id))
    .orderBy(asc(users.createdAt))
    .limit(200);
  const first = own[0];
  if (!first || customers.length === 0)
    throw new Error(`${options.hostEmail} has no listing or no customers`);
  // One hour at the first listing's price: the line items every sale of the fixture carries.
  const start = new Date('2026-03-03T09:00:00Z');
  const lineItems = bookingLineItems({
    listingPrice: { amount: first.price as number, currency: MARKETPLACE.currency },
    start,
    end: new Date(start.getTime() + 3_600_000),
    timeZone: first.timeZone,
  });
  const sums = totals(lineItems, MARKETPLACE.currency);
  const n = options.transactions;
  const upcomingFrom = Math.floor(n * 0.85);
  const paths = PATHS.map(([state, steps], kind) => ({
    kind,
    state,
    steps: [...steps],
    actors: steps.map((step) => ACTOR[step] ?? 'system'),
  }));

  await withTransaction(db, async (tx) => {
    await tx.execute(
      positionalSql(
        `create temporary table bench_sales on commit drop as
        with paths as (
          select (p->>'kind')::int as kind, p->>'state' as state,
            array(select jsonb_array_elements_text(p->'steps')) as steps,
            array(select jsonb_array_elements_text(p->'actors')) as actors
          from jsonb_array_elements($1::jsonb) as p
        ),
        numbered as (
          select i, gen_random_uuid() as id,
            case when i > $2 then 5 + (i % 3 = 0)::int else i % 5 end as kind,
            ($3::uuid[])[1 + i % cardinality($3::uuid[])] as listing_id,
            ($4::uuid[])[1 + (hashint4(i) & 2147483647) % cardinality($4::uuid[])] as customer_id,
            case when i > $2 then $5::timestamptz + interval '2 days' + (i - $2) * interval '1 hour'
              else $5::timestamptz - interval '2 days' - ($2 - i) * interval '1 hour' end as starts
          from generate_series(1, $6::int) as i
        )
        select n.*, n.starts + interval '1 hour' as ends, n.starts - interval '3 days' as requested,
          p.state, p.steps, p.actors
        from numbered n join paths p using (kind)`,
        [
          JSON.stringify(paths),
          upcomingFrom,
          own.map((listing) => listing.id),
          customers.map((customer) => customer.id),
          options.now.toISOString(),
          n,
        ],
      ),
    );
    // Each step's time: the customer pays in minutes, the host answers in hours, timers when due.
    await tx.execute(
      positionalSql(`create temporary table bench_steps on commit drop as
        select s.id, k.position::int, k.step, s.actors[k.position] as actor,
          case k.step
            when 'request-payment' then s.requested
            when 'confirm-payment' then s.requested + interval '2 minutes'
            when 'expire-payment' then s.requested + interval '15 minutes'
            when 'complete' then s.ends
            when 'expire-review-period' then s.ends + interval '1 day'
            else s.requested + interval '3 hours' end as at
        from bench_sales s, unnest(s.steps) with ordinality as k(step, position)`),
    );
    await tx.execute(
      positionalSql(
        `insert into transactions (id, listing_id, customer_id, provider_id, process_alias, state,
          last_transition, last_transitioned_at, created_at, line_items, payin_total, payout_total,
          currency, transfer_destination, payment_intent_status)
        select s.id, s.listing_id, s.customer_id, $1::uuid, $2, s.state, last.step, last.at,
          s.requested, $3::jsonb, $4, $5, $6, 'acct_bench',
          case when s.state = 'payment-expired' then 'canceled' end
        from bench_sales s
        join (select distinct on (id) id, step, at from bench_steps order by id, position desc) last
          using (id)`,
        [
          host.id,
          BOOKING_PROCESS.alias,
          JSON.stringify(lineItems),
          sums.payinTotal.amount,
          sums.payoutTotal.amount,
          MARKETPLACE.currency,
        ],
      ),
    );
    await tx.execute(
      positionalSql(`insert into bookings (transaction_id, listing_id, start, "end", during, seats, holds_seats)
        select id, listing_id, starts, ends, tstzrange(starts, ends), 1, state in ('accepted', 'preauthorized')
        from bench_sales`),
    );
    await tx.execute(
      positionalSql(`insert into transaction_transitions (transaction_id, position, transition, by, created_at)
        select id, position, step, actor, at from bench_steps`),
    );
    await tx.execute(
      positionalSql(
        `insert into transaction_messages (transaction_id, sender_id, content, created_at)
        select s.id, case m.n when 2 then $1::uuid else s.customer_id end, m.content,
          s.requested + m.n * interval '1 minute'
        from bench_sales s, (values (1, 'Hola, ¿podemos llegar diez minutos antes para preparar la sala?'),
          (2, 'Claro, sin problema. Os espero en la puerta.'), (3, '¡Gracias!')) as m(n, content)`,
        [host.id],
      ),
    );
  });
  const [counts] = (
    await db.execute(
      positionalSql(
        `select (select count(*) from transactions where provider_id = $1)::int as transactions,
          (select count(*) from transaction_transitions tt join transactions t on t.id = tt.transaction_id
            where t.provider_id = $1)::int as transitions,
          (select count(*) from transaction_messages m join transactions t on t.id = m.transaction_id
            where t.provider_id = $1)::int as messages,
          (select count(*) from transactions where provider_id = $1
            and last_transition = 'confirm-payment')::int as awaiting`,
        [host.id],
      ),
    )
  ).rows as { transactions: number; transitions: number; messages: number; awaiting: number }[];
  return {
    hostId: host.id,
    transactions: counts?.transactions ?? 0,
    transitions: counts?.transitions ?? 0,
    messages: counts?.messages ?? 0,
    awaiting: counts?.awaiting ?? 0,
    milliseconds: performance.now() - started,
  };
}
