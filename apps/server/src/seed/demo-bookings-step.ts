import { bookableSlots, heldRange } from '@hora/core/availability';
import { MARKETPLACE, PROCESS_TIMING, TIME_MS } from '@hora/core/config';
import { bookingLineItems, totals } from '@hora/core/pricing';
import {
  BOOKING_PROCESS,
  createTransaction,
  holdsSeats,
  pendingTimers,
  type Transaction,
  type TransitionName,
  transition,
} from '@hora/core/process';
import { reviewTypeBy } from '@hora/core/reviews';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { listings, users } from '../db/schema/index.ts';
import { reviewRepository } from '../modules/reviews/repository.ts';
import { freeTimeRefresher } from '../modules/search/free-time.ts';
import { PAYMENT_ACTIONS } from '../modules/transactions/engine.ts';
import { seatBookingsReader, transactionRepository } from '../modules/transactions/repository.ts';
import { authoriseDemoPayment } from './demo-payment.ts';
import type { SeedStep } from './index.ts';

/** Who books whose space, when (days from the seed's clock), and how far the process went. */
const SCENARIOS: {
  guest: string;
  host: string;
  daysFromNow: number;
  steps: TransitionName[];
  /** What each party wrote with their review transition (published by review-2). */
  reviews?: Partial<Record<'customer' | 'provider', { rating: number; content: string }>>;
  /** Paid through the payments sandbox and waiting for the host, who can accept or decline it. */
  awaitsHost?: true;
}[] = [
  {
    guest: 'carlos@demo.hora.es',
    host: 'lucia@demo.hora.es',
    daysFromNow: -12,
    steps: [
      'request-payment',
      'confirm-payment',
      'accept',
      'complete',
      'review-1-by-customer',
      'review-2-by-provider',
    ],
    reviews: {
      customer: {
        rating: 5,
        content: 'Sala muy luminosa y tranquila, perfecta para el taller. Lucía nos lo puso todo muy fácil.',
      },
      provider: { rating: 5, content: 'Carlos dejó la sala impecable y fue muy puntual. ¡Cuando quiera!' },
    },
  },
  {
    guest: 'ana@demo.hora.es',
    host: 'jordi@demo.hora.es',
    daysFromNow: -3,
    steps: ['request-payment', 'confirm-payment', 'accept', 'complete'],
  },
  {
    guest: 'carlos@demo.hora.es',
    host: 'marta@demo.hora.es',
    daysFromNow: -6,
    steps: ['request-payment', 'confirm-payment', 'decline'],
  },
  {
    guest: 'ana@demo.hora.es',
    host: 'lucia@demo.hora.es',
    daysFromNow: -2,
    steps: ['request-payment', 'expire-payment'],
  },
  {
    guest: 'carlos@demo.hora.es',
    host: 'jordi@demo.hora.es',
    daysFromNow: 3,
    steps: ['request-payment', 'confirm-payment', 'accept'],
  },
  {
    guest: 'ana@demo.hora.es',
    host: 'marta@demo.hora.es',
    daysFromNow: 6,
    steps: ['request-payment', 'confirm-payment', 'accept'],
  },
  {
    guest: 'carlos@demo.hora.es',
    host: 'marta@demo.hora.es',
    daysFromNow: 9,
    steps: ['request-payment', 'confirm-payment', 'accept', 'cancel'],
  },
  {
    guest: 'ana@demo.hora.es',
    host: 'lucia@demo.hora.es',
    daysFromNow: 4,
    steps: ['request-payment', 'confirm-payment'],
    awaitsHost: true,
  },
];

const ACTOR_OF: Partial<Record<TransitionName, 'customer' | 'provider' | 'system' | 'operator'>> = {
  'request-payment': 'customer',
  'confirm-payment': 'customer',
  accept: 'provider',
  decline: 'provider',
  cancel: 'operator',
  'review-1-by-customer': 'customer',
  'review-2-by-provider': 'provider',
};

/** Reviews come a day or two after the booking's end. */
const REVIEW_DELAY: Partial<Record<TransitionName, number>> = {
  'review-1-by-customer': TIME_MS.day,
  'review-2-by-provider': 2 * TIME_MS.day,
};

/** When each step ran: the customer pays within minutes, the host answers within hours, timers when due. */
function stepTime(tx: Transaction, name: TransitionName, requestedAt: Date): Date {
  const offsets: Partial<Record<TransitionName, number>> = {
    'request-payment': 0,
    'confirm-payment': 2 * TIME_MS.minute,
    accept: 3 * TIME_MS.hour,
    cancel: 4 * TIME_MS.hour,
    decline: 5 * TIME_MS.hour,
  };
  const offset = offsets[name];
  if (offset !== undefined) return new Date(requestedAt.getTime() + offset);
  const afterEnd = REVIEW_DELAY[name];
  if (afterEnd !== undefined && tx.booking) return new Date(tx.booking.end.getTime() + afterEnd);
  const due = pendingTimers(tx).find((t) => t.transition === name);
  if (!due) throw new Error(`No timer ${name} in ${tx.state}`);
  return due.dueAt;
}

/**
 * Bookings between the demo guests (carlos@, ana@) and hosts (lucia@, jordi@, marta@), past and
 * upcoming, in several states: reviewed (both reviews public), delivered, declined, payment expired,
 * accepted, canceled, and one paid request waiting for its host (lucia@) to accept or decline it.
 * Written as the engine would have left them (decision 0032): every transition is one core's
 * `transition` allows, at a time it allows; the booking holds its seats as `holdsSeats` says; the
 * payments recorded are what the engine's jobs would have recorded with the sandbox (no intent
 * object is kept for those, none is needed: only timers without payment calls remain, and the
 * reconciler runs them from `next_timer_at`). The request awaiting its host has a real sandbox
 * intent, authorised with the test card, since its accept, decline or expiry moves money. Booked times come from each listing's bookable slots.
 */
export const demoBookingsStep: SeedStep = {
  name: 'demo-bookings',
  async run(context) {
    const { db, clock, logger } = context;
    const now = clock.now();
    const emails = [...new Set(SCENARIOS.flatMap((s) => [s.guest, s.host]))];
    const people = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, emails));
    const idOf = new Map(people.map((p) => [p.email, p.id]));
    const repository = transactionRepository(db);
    let made = 0;
    const touched: string[] = [];

    for (const [index, scenario] of SCENARIOS.entries()) {
      const customerId = idOf.get(scenario.guest);
      const providerId = idOf.get(scenario.host);
      if (!customerId || !providerId) continue;
      const [listing] = await db
        .select()
        .from(listings)
        .where(
          and(
            eq(listings.authorId, providerId),
            eq(listings.state, 'published'),
            isNotNull(listings.availabilityPlan),
            isNotNull(listings.priceAmount),
            eq(listings.priceCurrency, MARKETPLACE.currency),
          ),
        )
        .orderBy(asc(listings.createdAt))
        .limit(1)
        .offset(index % 2);
      if (!listing?.availabilityPlan) continue;
      const rules = {
        minDurationMinutes: listing.minDurationMinutes,
        maxDurationMinutes: listing.maxDurationMinutes,
        bufferBeforeMinutes: listing.bufferBeforeMinutes,
        bufferAfterMinutes: listing.bufferAfterMinutes,
        advanceNoticeMinutes: 0,
        bookingWindowDays: 90,
        slotStepMinutes: listing.slotStepMinutes === 30 ? 30 : 60,
      } as const;
      // The first free two hours from the scenario's day on, as the booking form would offer them.
      const from = new Date(now.getTime() + scenario.daysFromNow * TIME_MS.day);
      const slots = bookableSlots({
        plan: listing.availabilityPlan,
        bookings: await seatBookingsReader(db).seatHoldingBookings(listing.id, {
          start: from,
          end: new Date(from.getTime() + 14 * TIME_MS.day),
        }),
        rules,
        now: from,
        start: from,
        end: new Date(from.getTime() + 14 * TIME_MS.day),
      });
      const length = Math.max(2 * TIME_MS.hour, rules.minDurationMinutes * TIME_MS.minute);
      const slot = slots.find((s) => s.end.getTime() - s.start.getTime() >= length);
      if (!slot) continue;
      const start = slot.start;
      const end = new Date(start.getTime() + length);
      const requestedAt = new Date(
        Math.min(start.getTime() - 2 * TIME_MS.day, now.getTime() - 6 * TIME_MS.hour),
      );

      const lineItems = bookingLineItems({
        listingPrice: { amount: listing.priceAmount as number, currency: MARKETPLACE.currency },
        start,
        end,
        timeZone: listing.timeZone,
      });
      const sums = totals(lineItems, MARKETPLACE.currency);
      let tx: Transaction = createTransaction({
        id: crypto.randomUUID(),
        customerId,
        providerId,
        createdAt: requestedAt,
        booking: { start, end },
      });
      const ran: { name: TransitionName; at: Date }[] = [];
      for (const name of scenario.steps) {
        const at = stepTime(tx, name, requestedAt);
        if (at.getTime() > now.getTime()) break;
        const result = transition(tx, name, ACTOR_OF[name] ?? 'system', at, PROCESS_TIMING);
        if (!result.ok) throw result.error;
        tx = result.transaction;
        ran.push({ name, at });
      }
      const [first, ...rest] = ran;
      if (!first) continue;
      const payment = scenario.awaitsHost
        ? await authoriseDemoPayment(context, {
            transactionId: tx.id,
            customerId,
            providerId,
            payinTotal: sums.payinTotal.amount,
            payoutTotal: sums.payoutTotal.amount,
          })
        : undefined;
      if (scenario.awaitsHost && !payment) continue;
      const timers = pendingTimers(tx).map((t) => t.dueAt.getTime());
      await repository.insert({
        transaction: {
          id: tx.id,
          listingId: listing.id,
          customerId,
          providerId,
          processAlias: BOOKING_PROCESS.alias,
          state: tx.state,
          lastTransition: tx.lastTransition,
          lastTransitionedAt: tx.lastTransitionedAt,
          createdAt: requestedAt,
          lineItems,
          payinTotal: sums.payinTotal.amount,
          payoutTotal: sums.payoutTotal.amount,
          currency: MARKETPLACE.currency,
          transferDestination: payment?.destination ?? `acct_demo_${providerId.slice(0, 8)}`,
          paymentIntentId: payment?.intentId ?? null,
          paymentIntentStatus: payment?.status ?? (tx.state === 'payment-expired' ? 'canceled' : null),
          paymentExpiresAt:
            tx.state === 'pending-payment'
              ? new Date(requestedAt.getTime() + PROCESS_TIMING.paymentWindowMs)
              : null,
          nextTimerAt: timers.length > 0 ? new Date(Math.min(...timers)) : null,
        },
        booking: {
          transactionId: tx.id,
          listingId: listing.id,
          start,
          end,
          during: (() => {
            const held = heldRange({ start, end }, rules);
            return `[${held.start.toISOString()},${held.end.toISOString()})`;
          })(),
          seats: 1,
          holdsSeats: holdsSeats(tx.state),
        },
        transition: { transition: first.name, by: 'customer', createdAt: first.at },
        message:
          index % 2 === 0
            ? { senderId: customerId, content: 'Hola, ¿podemos llegar 10 minutos antes?' }
            : null,
      });
      for (const [position, record] of rest.entries()) {
        await repository.appendTransition(tx.id, position + 2, {
          transition: record.name,
          by: ACTOR_OF[record.name] ?? 'system',
          createdAt: record.at,
        });
        const action = PAYMENT_ACTIONS[record.name];
        if (!action) continue;
        const outcome = {
          capture: 'captured',
          cancel: 'canceled',
          refund: 'refunded',
          transfer: 'routed-at-capture',
        }[action];
        const authorised = tx.transitions.some((t) => t.transition === 'confirm-payment');
        await repository.recordPayment({
          transactionId: tx.id,
          transition: record.name,
          action,
          providerObjectId: null,
          amount: action === 'transfer' ? sums.payoutTotal.amount : authorised ? sums.payinTotal.amount : 0,
          currency: MARKETPLACE.currency,
          outcome,
          createdAt: record.at,
        });
      }
      for (const record of ran) {
        const role = ACTOR_OF[record.name];
        const written =
          REVIEW_DELAY[record.name] !== undefined && role
            ? scenario.reviews?.[role as 'customer' | 'provider']
            : undefined;
        if (!written || (role !== 'customer' && role !== 'provider')) continue;
        await reviewRepository(db).insert({
          id: crypto.randomUUID(),
          transactionId: tx.id,
          listingId: listing.id,
          authorId: role === 'customer' ? customerId : providerId,
          subjectId: role === 'customer' ? providerId : customerId,
          type: reviewTypeBy(role),
          rating: written.rating,
          content: written.content,
          state: tx.state === 'reviewed' ? 'public' : 'pending',
          createdAt: record.at,
        });
      }
      made += 1;
      touched.push(listing.id);
    }
    await freeTimeRefresher({ clock, bookings: seatBookingsReader(db) }).refresh(db, touched);
    logger.info({ bookings: made }, 'demo bookings written');
  },
};
