import { randomUUID } from 'node:crypto';
import { MARKETPLACE } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import { type Money, money } from '@hora/core/money';
import {
  answerRefusal,
  type NegotiationView,
  negotiationFromOffers,
  type OfferKind,
  type OfferRefusal,
  offerFormStateOf,
  offerRefusal,
} from '@hora/core/offers';
import type { Role } from '@hora/core/process';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { type Executor, withTransaction } from '../../db/executor.ts';
import type { Viewer } from '../../http/viewer.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { listingRepository } from '../listings/repository.ts';
import { messageNotifyJob } from '../transactions/engine-jobs.ts';
import { type StoredTransaction, transactionRepository } from '../transactions/repository.ts';
import { offerRepository, type StoredOffer } from './repository.ts';

export interface OffersServiceDeps {
  db: Database;
  clock: Clock;
}

function notFound(): AppError {
  return new AppError('not-found', { title: 'Transaction not found' });
}

function refused(transactionId: string, reason: OfferRefusal): AppError {
  return new AppError('transaction-offer-not-allowed', { meta: { transactionId, reason } });
}

/**
 * Price negotiation (issue 12, decision 0042): the provider's per-hour offers and the customer's
 * answers, stored as structured rows, and the accepted price kept on the transaction, where the
 * booking's line items read it. Only the two parties see a negotiation (others 404).
 */
export function offersService(deps: OffersServiceDeps) {
  const { db, clock } = deps;

  /** What the rules need, read in `executor` (the locked transaction's when writing). */
  async function contextOf(executor: Executor, viewer: Viewer, stored: StoredTransaction | undefined) {
    const row = stored?.transaction;
    if (!row) throw notFound();
    const role: Role | null =
      row.customerId === viewer.id ? 'customer' : row.providerId === viewer.id ? 'provider' : null;
    if (!role) throw notFound();
    // One after the other: in the locked transaction, one connection runs one statement at a time.
    const found = await listingRepository(executor).findWithAuthor(row.listingId);
    const parties = await transactionRepository(executor).partiesOf([row.customerId, row.providerId]);
    const offers = await offerRepository(executor).offersOf(row.id);
    return {
      row,
      offers,
      context: {
        customerId: row.customerId,
        providerId: row.providerId,
        role,
        state: row.state,
        listingNegotiable: found?.listing.negotiation === 'yes',
        partyUnavailable: parties.some((p) => p.banned || p.deletedAt !== null),
        offers,
      },
    };
  }

  function viewOf(read: Awaited<ReturnType<typeof contextOf>>): NegotiationView {
    const { row, offers, context } = read;
    const negotiation = negotiationFromOffers(offers, context);
    return {
      negotiable: context.listingNegotiable,
      offers: offers.map((offer: StoredOffer) => ({
        id: offer.id,
        kind: offer.kind,
        price: offer.price,
        senderId: offer.senderId,
        createdAt: offer.createdAt.toISOString(),
      })),
      status: negotiation?.status ?? null,
      agreedUnitPrice: row.negotiatedUnitPrice === null ? null : money(row.negotiatedUnitPrice, row.currency),
      formState: offerFormStateOf(offers),
      canOffer: offerRefusal(context) === null,
      canAnswer: answerRefusal(context).refusal === null,
    };
  }

  /** A moment after the latest offer: answers and new offers sort after what they follow, whatever the clock. */
  function nextMoment(offers: readonly StoredOffer[]): Date {
    const now = clock.now();
    const latest = offers.at(-1)?.createdAt;
    return latest && latest.getTime() >= now.getTime() ? new Date(latest.getTime() + 1) : now;
  }

  /** Writes under the transaction's row lock: offers, answers and the booking request take turns. */
  async function write(
    viewer: Viewer,
    transactionId: string,
    work: (
      tx: Executor,
      read: Awaited<ReturnType<typeof contextOf>>,
    ) => Promise<{ kind: OfferKind; price: Money }>,
  ): Promise<{ negotiation: NegotiationView }> {
    await withTransaction(db, async (tx) => {
      const stored = await transactionRepository(tx).lock(transactionId);
      const read = await contextOf(tx, viewer, stored);
      const written = await work(tx, read);
      const id = randomUUID();
      await offerRepository(tx).insert({
        id,
        transactionId,
        senderId: viewer.id,
        kind: written.kind,
        price: written.price,
        createdAt: nextMoment(read.offers),
      });
      // An offer or answer is a message: the other party is told as for any (throttled, decision 0041).
      const job = messageNotifyJob(transactionId, id);
      if ((await enqueue(tx, job.name, job.data)) === null) {
        throw new Error(`Job queue ${job.name} is not declared: the offer would not be announced`);
      }
    });
    return show(viewer, transactionId);
  }

  async function show(viewer: Viewer, transactionId: string): Promise<{ negotiation: NegotiationView }> {
    const stored = await transactionRepository(db).find(transactionId);
    return { negotiation: viewOf(await contextOf(db, viewer, stored)) };
  }

  return {
    show,

    /** The provider's per-hour offer (`price` validated by core's offer schema). */
    async offer(
      viewer: Viewer,
      transactionId: string,
      price: Money,
    ): Promise<{ negotiation: NegotiationView }> {
      if (price.currency !== MARKETPLACE.currency) throw refused(transactionId, 'not-negotiable');
      return write(viewer, transactionId, async (_tx, read) => {
        const refusal = offerRefusal(read.context);
        if (refusal) throw refused(transactionId, refusal);
        return { kind: 'offered', price };
      });
    },

    /** The customer's answer to the provider's open offer; an acceptance stores the agreed price. */
    async answer(
      viewer: Viewer,
      transactionId: string,
      answer: 'accept' | 'decline',
    ): Promise<{ negotiation: NegotiationView }> {
      return write(viewer, transactionId, async (tx, read) => {
        const allowed = answerRefusal(read.context);
        if (allowed.refusal !== null) throw refused(transactionId, allowed.refusal);
        if (answer === 'accept') {
          await offerRepository(tx).setNegotiatedPrice(transactionId, allowed.price.amount);
        }
        return { kind: answer === 'accept' ? 'accepted' : 'declined', price: allowed.price };
      });
    },
  };
}

export type OffersService = ReturnType<typeof offersService>;
