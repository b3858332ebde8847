import { createHash, randomUUID } from 'node:crypto';
import {
  type AvailabilityException,
  bookableSlots,
  heldRange,
  isBookableRange,
  type SeatBooking,
} from '@hora/core/availability';
import { BOOKING_HOLDS, BOOKING_RULE_LIMITS, MARKETPLACE, TIME_MS } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import type { ListingImageView } from '@hora/core/listing';
import { money } from '@hora/core/money';
import { bookingLineItems, totals } from '@hora/core/pricing';
import { isTransitionName, type Role, transition as runTransition } from '@hora/core/process';
import {
  type BreakdownView,
  CLIENT_TRANSITIONS,
  type TransactionListView,
  type TransactionView,
} from '@hora/core/transactions';
import type { ChargesPort, PaymentIntent } from '../../adapters/payments/charges-port.ts';
import { PaymentProviderError } from '../../adapters/payments/provider-error.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ImageUrls } from '../account/views.ts';
import type { SeatBookingsReader } from '../availability/bookings.ts';
import { availabilityRepository } from '../availability/repository.ts';
import type { ListingImageRow } from '../images/index.ts';
import type { ListingImagesReader } from '../listings/ports.ts';
import type { ListingRecord, ListingWithAuthor } from '../listings/record.ts';
import { priceOf } from '../listings/record.ts';
import { listingRepository } from '../listings/repository.ts';
import { IdempotencyKeyTaken, type TransactionEngine, toDomain } from './engine.ts';
import { faultPoint } from './faults.ts';
import type { PayoutDestinations, PayoutReadiness, SavedCards } from './ports.ts';
import {
  type IdempotencyRow,
  type PaymentRow,
  type RequestContext,
  type StoredTransaction,
  transactionRepository,
} from './repository.ts';
import { type PartyRow, transactionView } from './views.ts';

export interface TransactionsServiceDeps {
  db: Database;
  clock: Clock;
  engine: TransactionEngine;
  charges: ChargesPort;
  savedCards: SavedCards;
  payoutReadiness: PayoutReadiness;
  payoutDestinations: PayoutDestinations;
  bookings: SeatBookingsReader;
  images: ListingImagesReader;
  imageUrls: ImageUrls;
  /** Bookings a customer may have waiting for payment at once (`BOOKING_HOLDS.unpaidMax` unless set). */
  unpaidHoldsMax?: number;
}

export interface BookingTimes {
  listingId: string;
  bookingStart: Date;
  bookingEnd: Date;
  /** The enquiry the booking continues (issue 12): its customer only; its accepted price applies. */
  transactionId?: string | undefined;
}

export interface InitiateInput extends BookingTimes {
  transition: 'request-payment' | 'request-payment-after-enquiry';
  paymentMethod: 'default' | 'new';
  saveCard: boolean;
  message?: string | undefined;
}

/** An answer kept under an Idempotency-Key and given again to a retry of the same request. */
export interface KeptAnswer {
  status: number;
  body: unknown;
}

/** Another request with the same Idempotency-Key committed first: answer as it did. */
class IdempotencyRace extends Error {}

/** The listing, and what holds the booking's range, as the checks read them. */
interface Around {
  listing: Promise<ListingWithAuthor | undefined>;
  exceptions: Promise<readonly AvailabilityException[]>;
  bookings: Promise<readonly SeatBooking[]>;
}

/** What the views of a transaction just made need not read again. */
interface KnownParts {
  listing?: ListingRecord;
  payments?: PaymentRow[];
  parties?: PartyRow[];
  images?: Map<string, ListingImageView[]>;
}

/**
 * The range whose seat-holding bookings the checks read: the booking within the largest buffers a
 * listing may have, and a day (the listing's own buffers are not known yet).
 */
function aroundOf(input: BookingTimes): { start: Date; end: Date } {
  const margin = TIME_MS.day + 2 * BOOKING_RULE_LIMITS.bufferMaxMinutes * TIME_MS.minute;
  return {
    start: new Date(input.bookingStart.getTime() - margin),
    end: new Date(input.bookingEnd.getTime() + margin),
  };
}

function requestHash(kind: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([kind, body]))
    .digest('base64url');
}

function notFound(): AppError {
  return new AppError('not-found', { title: 'Transaction not found' });
}

function paymentFailed(error: PaymentProviderError, transactionId: string): AppError {
  return new AppError('transaction-payment-failed', {
    meta: { stripeMessage: error.message, code: error.code ?? error.kind, transactionId },
  });
}

/**
 * The transactions API's use cases (issue 11): price estimates, the booking request, the parties'
 * transitions and the read models. Every state change goes through the engine.
 */
export function transactionsService(deps: TransactionsServiceDeps) {
  const { db, clock, engine, charges } = deps;
  const repository = transactionRepository(db);
  const listings = listingRepository(db);

  /**
   * The published listing and the line items of the range: computed here, never taken from a client.
   * With an enquiry (`enquiry`), the per-hour price its customer accepted, read from its row; a
   * negotiable listing is booked from an enquiry only at an accepted price (the panel stays hidden
   * until then, spec part 1 §4 negotiation).
   */
  async function quote(
    input: BookingTimes,
    read = listings.findWithAuthor(input.listingId),
    enquiry: StoredTransaction | null = null,
  ) {
    const found = await read;
    if (found?.listing.state !== 'published') {
      throw new AppError('transaction-listing-not-found', { meta: { listingId: input.listingId } });
    }
    const { listing } = found as NonNullable<typeof found>;
    const agreed = enquiry?.transaction.negotiatedUnitPrice ?? null;
    if (enquiry && listing.negotiation === 'yes' && agreed === null) {
      throw new AppError('transaction-offer-not-allowed', {
        meta: { transactionId: enquiry.transaction.id, reason: 'offer-not-accepted' },
      });
    }
    const lineItems = bookingLineItems({
      listingPrice: priceOf(listing),
      start: input.bookingStart,
      end: input.bookingEnd,
      timeZone: listing.timeZone,
      negotiation:
        agreed === null
          ? null
          : {
              status: 'accepted',
              unitPrice: money(agreed, enquiry?.transaction.currency ?? MARKETPLACE.currency),
            },
      options: { marketplaceCurrency: MARKETPLACE.currency },
    });
    const sums = totals(lineItems, MARKETPLACE.currency);
    const breakdown: BreakdownView = {
      lineItems,
      payinTotal: sums.payinTotal,
      payoutTotal: sums.payoutTotal,
      booking: { start: input.bookingStart.toISOString(), end: input.bookingEnd.toISOString() },
      timeZone: listing.timeZone,
    };
    return { listing, lineItems, sums, breakdown };
  }

  /**
   * What holds the range, read alongside the listing (one round trip): the exceptions, and the
   * bookings within the largest buffers a listing may have (the listing's own are not known yet).
   */
  function readAround(input: BookingTimes): Around {
    return {
      listing: listings.findWithAuthor(input.listingId),
      exceptions: exceptionsOf(input.listingId, input.bookingStart, input.bookingEnd),
      bookings: deps.bookings.seatHoldingBookings(input.listingId, aroundOf(input)),
    };
  }

  /** The range is inside one bookable slot (plan, exceptions, rules, the bookings holding seats). */
  async function assertBookable(listing: ListingRecord, start: Date, end: Date, around: Around) {
    const plan = listing.availabilityPlan;
    const rules = listing.bookingRules;
    const available =
      plan !== null &&
      isBookableRange(
        bookableSlots({
          plan,
          exceptions: await around.exceptions,
          bookings: await around.bookings,
          rules,
          now: clock.now(),
          start,
          end,
        }),
        start,
        end,
        rules,
        plan.timezone,
      );
    if (!available) {
      throw new AppError('transaction-booking-time-not-available', { meta: { listingId: listing.id } });
    }
  }

  async function exceptionsOf(listingId: string, start: Date, end: Date) {
    return availabilityRepository(db).exceptionsBetween(listingId, start, end);
  }

  /**
   * The enquiry a booking continues, for its customer only (anyone else: 404), on its own listing,
   * while it is still an enquiry; null when the booking continues none.
   */
  async function enquiryOf(viewer: Viewer | null, input: BookingTimes): Promise<StoredTransaction | null> {
    if (!input.transactionId) return null;
    if (!viewer) throw new AppError('unauthorized');
    const stored = await repository.find(input.transactionId);
    if (!stored || stored.transaction.customerId !== viewer.id) throw notFound();
    const row = stored.transaction;
    if (row.listingId !== input.listingId) {
      throw new AppError('validation-invalid-value', {
        title: 'The enquiry is about another listing',
        meta: { field: 'listingId', reason: 'listing-mismatch' },
      });
    }
    if (row.state !== 'enquiry') {
      throw new AppError('transaction-invalid-transition', {
        meta: {
          transactionId: row.id,
          state: row.state,
          transition: 'request-payment-after-enquiry',
          actor: 'customer',
          reason: 'not-enquiry',
        },
      });
    }
    const [provider] = await repository.partiesOf([row.providerId]);
    if (provider?.banned || provider?.deletedAt) {
      throw new AppError('transaction-invalid-transition', {
        meta: {
          transactionId: row.id,
          transition: 'request-payment-after-enquiry',
          reason: 'provider-banned',
        },
      });
    }
    return stored;
  }

  /** What a real booking checks before it writes: not one's own listing, a host who can be paid, free time. */
  async function check(
    viewer: Viewer,
    input: BookingTimes,
    enquiry: StoredTransaction | null = null,
    read?: RequestContext,
  ) {
    const around: Around = read
      ? {
          listing: Promise.resolve(read.found),
          exceptions: Promise.resolve(read.exceptions),
          bookings: Promise.resolve(read.bookings),
        }
      : readAround(input);
    // Nothing read alongside may go unhandled when the listing's answer ends the request first.
    around.exceptions.catch(() => {});
    around.bookings.catch(() => {});
    const quoted = await quote(input, around.listing, enquiry);
    const { listing } = quoted;
    if (listing.authorId === viewer.id) {
      throw new AppError('transaction-own-listing', { meta: { listingId: listing.id } });
    }
    if (!(await deps.payoutReadiness.isReady(listing.authorId))) {
      throw new AppError('transaction-missing-stripe-account', { meta: { listingId: listing.id } });
    }
    await assertBookable(listing, input.bookingStart, input.bookingEnd, around);
    if (quoted.sums.payinTotal.amount <= 0) throw new AppError('transaction-charge-zero-payin');
    if (quoted.sums.payoutTotal.amount <= 0) throw new AppError('transaction-charge-zero-payout');
    return quoted;
  }

  /** Views of stored transactions for one of their parties (batched reads; intents only when given). */
  async function views(
    viewerId: string,
    stored: StoredTransaction[],
    intents: ReadonlyMap<string, PaymentIntent> = new Map(),
    known: KnownParts = {},
  ): Promise<TransactionView[]> {
    const ids = stored.map((s) => s.transaction.id);
    const listingIds = [...new Set(stored.map((s) => s.transaction.listingId))];
    const partyIds = [
      ...new Set(stored.flatMap((s) => [s.transaction.customerId, s.transaction.providerId])),
    ];
    // What the caller read already (the listing a request was checked against; no payments yet
    // for a transaction just made) is not read again.
    const knownListing = known.listing;
    const [listingRows, images, parties, payments] = await Promise.all([
      knownListing && listingIds.length === 1 && listingIds[0] === knownListing.id
        ? [knownListing]
        : listings.findByIds(listingIds),
      known.images ?? deps.images.imagesOf(listingIds),
      known.parties && partyIds.every((id) => known.parties?.some((p) => p.id === id))
        ? known.parties
        : repository.partiesOf(partyIds),
      known.payments ?? repository.paymentsOf(ids),
    ]);
    const listingById = new Map(listingRows.map((l) => [l.id, l]));
    const partyById = new Map<string, PartyRow>(parties.map((p) => [p.id, p]));
    return stored.map((s) =>
      transactionView({
        stored: s,
        viewerId,
        listing: listingById.get(s.transaction.listingId),
        images: (images.get(s.transaction.listingId) ?? []) as ListingImageView[],
        parties: partyById,
        payments: payments.filter((p) => p.transactionId === s.transaction.id),
        intent: intents.get(s.transaction.id) ?? null,
        imageUrls: deps.imageUrls,
      }),
    );
  }

  /** One transaction as the viewer sees it, the intent read for the customer while payment is pending. */
  async function viewOf(
    viewerId: string,
    id: string,
    intent?: PaymentIntent,
    known?: StoredTransaction,
    knownParts: KnownParts = {},
  ): Promise<TransactionView> {
    const stored = known ?? (await repository.find(id));
    if (!stored) throw notFound();
    const row = stored.transaction;
    let read = intent;
    if (!read && row.customerId === viewerId && row.state === 'pending-payment' && row.paymentIntentId) {
      read = await charges.retrievePaymentIntent(row.paymentIntentId);
    }
    const [view] = await views(viewerId, [stored], read ? new Map([[id, read]]) : undefined, knownParts);
    return view as TransactionView;
  }

  function roleOf(viewer: Viewer, stored: StoredTransaction | undefined): Role {
    const row = stored?.transaction;
    if (!row) throw notFound();
    if (row.customerId === viewer.id) return 'customer';
    if (row.providerId === viewer.id) return 'provider';
    throw notFound();
  }

  /**
   * The payment intent of a committed request, then the answer, kept under the key. A retry after a
   * crash anywhere in here lands here again and finds the same intent (idempotency key). A request
   * that just committed passes what it wrote and read (`fresh`): nothing of it is read again, and the
   * intent and the answer are written in one statement.
   */
  async function finishRequest(
    viewer: Viewer,
    id: string,
    key: string,
    fresh?: {
      stored: StoredTransaction;
      listing: ListingRecord;
      parties?: PartyRow[];
      /** The listing's photos as the request's context read them. */
      images?: ListingImageRow[];
    },
  ): Promise<KeptAnswer> {
    const stored = fresh?.stored ?? (await repository.find(id));
    if (!stored) throw notFound();
    // The listing's photos for the answer: from the request's context read when the reader makes
    // views of rows read elsewhere (decision 0052's addendum), or read while the intent is made.
    const listingId = stored.transaction.listingId;
    const images = !fresh
      ? undefined
      : fresh.images && deps.images.viewsOf
        ? Promise.resolve(new Map([[listingId, deps.images.viewsOf(fresh.images)]]))
        : deps.images.imagesOf([listingId]);
    images?.catch(() => {});
    let answer: KeptAnswer;
    let newIntent: PaymentIntent | undefined;
    try {
      const needsIntent =
        stored.transaction.state === 'pending-payment' || !stored.transaction.paymentIntentId;
      const intent = needsIntent ? await engine.ensureIntent(stored, { record: false }) : undefined;
      if (intent && intent.id !== stored.transaction.paymentIntentId) newIntent = intent;
      // The row as ensureIntent left it: no second read.
      const current = intent
        ? {
            ...stored,
            transaction: {
              ...stored.transaction,
              paymentIntentId: intent.id,
              paymentIntentStatus: intent.status,
            },
          }
        : undefined;
      const view = await viewOf(
        viewer.id,
        id,
        intent,
        current,
        fresh
          ? {
              listing: fresh.listing,
              payments: [],
              ...(fresh.parties ? { parties: fresh.parties } : {}),
              ...(images ? { images: await images } : {}),
            }
          : {},
      );
      answer = { status: 201, body: { transaction: view } };
    } catch (error) {
      if (newIntent) await repository.setIntent(id, newIntent.id, newIntent.status);
      if (!(error instanceof PaymentProviderError) || error.kind !== 'card') throw error;
      const failed = paymentFailed(error, id);
      answer = { status: failed.status, body: { errors: [{ code: failed.code, meta: failed.meta }] } };
      await repository.answerIdempotencyKey(viewer.id, key, answer);
      throw failed;
    }
    await repository.answerIdempotencyKey(
      viewer.id,
      key,
      answer,
      newIntent && { transactionId: id, intent: newIntent },
    );
    return answer;
  }

  /** A second request with a known key: the first one's answer, or 409 when the request differs. */
  async function replay(
    viewer: Viewer,
    key: string,
    hash: string,
    resume: (transactionId: string) => Promise<KeptAnswer>,
    known?: IdempotencyRow | null,
  ): Promise<KeptAnswer | null> {
    const prior = known === undefined ? await repository.idempotencyKey(viewer.id, key) : known;
    if (!prior) return null;
    if (prior.requestHash !== hash) {
      throw new AppError('idempotency-key-reused', { meta: { header: 'Idempotency-Key' } });
    }
    if (prior.response) {
      if (prior.response.status >= 400) {
        const body = prior.response.body as { errors?: { code?: string; meta?: Record<string, unknown> }[] };
        const first = body.errors?.[0];
        throw new AppError((first?.code ?? 'conflict') as 'conflict', { meta: first?.meta ?? {} });
      }
      return prior.response;
    }
    if (!prior.transactionId) return null;
    return resume(prior.transactionId);
  }

  return {
    /** The estimate; with `transactionId`, its customer's, at the enquiry's accepted price. */
    async lineItems(input: BookingTimes, viewer: Viewer | null = null): Promise<BreakdownView> {
      const enquiry = await enquiryOf(viewer, input);
      return (await quote(input, undefined, enquiry)).breakdown;
    },

    async speculate(viewer: Viewer, input: BookingTimes): Promise<{ breakdown: BreakdownView }> {
      return { breakdown: (await check(viewer, input, await enquiryOf(viewer, input))).breakdown };
    },

    /**
     * `request-payment`: checks, then one database transaction with the transaction, its booking
     * (the exclusion constraint decides between simultaneous requests), the message, the key and
     * the expire-payment timer; then the payment intent. A crash after the commit leaves a hold the
     * timer (or the reconciler) releases at 15 minutes, or a retry with the same key completes.
     */
    async initiate(viewer: Viewer, key: string, input: InitiateInput): Promise<KeptAnswer> {
      const hash = requestHash('initiate', input);
      const resume = (id: string) => finishRequest(viewer, id, key);
      // One statement for the key, the listing and what holds its time, the unpaid bookings and the
      // parties (decision 0052); without the listing, the key alone, then the listing's own error.
      const read = await repository.requestContext({
        viewerId: viewer.id,
        key,
        listingId: input.listingId,
        start: input.bookingStart,
        end: input.bookingEnd,
        around: aroundOf(input),
      });
      const earlier = await replay(viewer, key, hash, resume, read ? read.prior : undefined);
      if (earlier) return earlier;

      const enquiry =
        input.transition === 'request-payment-after-enquiry' ? await enquiryOf(viewer, input) : null;
      const [{ listing, lineItems, sums }, unpaid] = await Promise.all([
        check(viewer, input, enquiry, read),
        read ? read.unpaid : repository.unpaidHoldsOf(viewer.id),
      ]);
      if (unpaid >= (deps.unpaidHoldsMax ?? BOOKING_HOLDS.unpaidMax)) {
        throw new AppError('transaction-too-many-unpaid', { meta: { unpaid } });
      }
      const [destination, card] = await Promise.all([
        deps.payoutDestinations.accountIdOf(listing.authorId),
        input.paymentMethod === 'default' ? deps.savedCards.defaultCardOf(viewer.id) : null,
      ]);
      if (!destination)
        throw new AppError('transaction-missing-stripe-account', { meta: { listingId: listing.id } });
      let paymentCustomerId: string | null = null;
      let paymentMethodId: string | null = null;
      if (input.paymentMethod === 'default') {
        if (!card) {
          throw new AppError('validation-invalid-value', {
            title: 'No saved card to pay with',
            meta: { field: 'paymentMethod', reason: 'no-default-card' },
          });
        }
        paymentCustomerId = card.customerId;
        paymentMethodId = card.paymentMethodId;
      } else if (input.saveCard) {
        paymentCustomerId = await deps.savedCards.ensureCustomer(viewer.id);
      }

      const row = {
        lineItems,
        payinTotal: sums.payinTotal.amount,
        payoutTotal: sums.payoutTotal.amount,
        currency: sums.payinTotal.currency,
        transferDestination: destination,
        paymentCustomerId,
        paymentMethodId,
        saveCard: input.saveCard,
      };
      const held = heldRange({ start: input.bookingStart, end: input.bookingEnd }, listing.bookingRules);
      if (enquiry) {
        const id = enquiry.transaction.id;
        try {
          await engine.requestAfterEnquiry(
            {
              transactionId: id,
              listingId: listing.id,
              start: input.bookingStart,
              end: input.bookingEnd,
              held,
              negotiatedUnitPrice: enquiry.transaction.negotiatedUnitPrice,
              row,
              message: input.message ?? null,
            },
            { userId: viewer.id, key, requestHash: hash, transactionId: id, createdAt: clock.now() },
          );
        } catch (error) {
          if (!(error instanceof IdempotencyKeyTaken)) throw error;
          return (await replay(viewer, key, hash, resume)) ?? Promise.reject(error);
        }
        faultPoint('initiate:after-commit');
        return finishRequest(viewer, id, key);
      }

      const id = randomUUID();
      let written: StoredTransaction;
      try {
        ({ stored: written } = await engine.request(
          {
            id,
            listingId: listing.id,
            customerId: viewer.id,
            providerId: listing.authorId,
            start: input.bookingStart,
            end: input.bookingEnd,
            held,
            row,
            message: input.message ?? null,
          },
          { userId: viewer.id, key, requestHash: hash, transactionId: id, createdAt: clock.now() },
        ));
      } catch (error) {
        if (!(error instanceof IdempotencyKeyTaken)) throw error;
        return (await replay(viewer, key, hash, resume)) ?? Promise.reject(error);
      }
      faultPoint('initiate:after-commit');
      return finishRequest(viewer, id, key, {
        stored: written,
        listing,
        ...(read ? { parties: read.parties, images: read.images } : {}),
      });
    },

    /**
     * `enquire`: a question to the host before booking (spec part 1 §2, "contact the host"). A
     * transaction in `enquiry` with the first message and no booking or price (decision 0040). Not
     * on one's own listing, only on a published one, and not when either person is banned or
     * deleted (they could not message). The Idempotency-Key makes a form sent twice one enquiry.
     */
    async enquire(
      viewer: Viewer,
      key: string,
      input: { listingId: string; message: string },
    ): Promise<KeptAnswer> {
      const hash = requestHash('enquire', input);
      const resume = async (id: string): Promise<KeptAnswer> => ({
        status: 201,
        body: { transaction: await viewOf(viewer.id, id) },
      });
      const earlier = await replay(viewer, key, hash, resume);
      if (earlier) return earlier;
      const found = await listings.findWithAuthor(input.listingId);
      if (found?.listing.state !== 'published') {
        throw new AppError('transaction-listing-not-found', { meta: { listingId: input.listingId } });
      }
      const { listing } = found;
      if (listing.authorId === viewer.id) {
        throw new AppError('transaction-own-listing', { meta: { listingId: listing.id } });
      }
      const people = await repository.partiesOf([viewer.id, listing.authorId]);
      const gone = (id: string) => {
        const person = people.find((p) => p.id === id);
        return !person || person.banned || person.deletedAt !== null;
      };
      if (gone(viewer.id) || gone(listing.authorId)) {
        throw new AppError('transaction-messaging-not-allowed', { meta: { listingId: listing.id } });
      }
      const id = randomUUID();
      let stored: StoredTransaction;
      try {
        stored = await engine.enquire(
          {
            id,
            listingId: listing.id,
            customerId: viewer.id,
            providerId: listing.authorId,
            currency: priceOf(listing)?.currency ?? MARKETPLACE.currency,
            message: { id: randomUUID(), content: input.message },
          },
          { userId: viewer.id, key, requestHash: hash, transactionId: id, createdAt: clock.now() },
        );
      } catch (error) {
        if (!(error instanceof IdempotencyKeyTaken)) throw error;
        return (await replay(viewer, key, hash, resume)) ?? Promise.reject(error);
      }
      const view = await viewOf(viewer.id, id, undefined, stored, { listing, payments: [] });
      return { status: 201, body: { transaction: view } };
    },

    /**
     * A party's transition. Only the client transitions (confirm-payment for the customer, accept
     * and decline for the provider); system and operator transitions are refused over HTTP. The
     * customer's confirm-payment runs only when the provider holds the authorised payin total.
     */
    async transition(
      viewer: Viewer,
      id: string,
      key: string,
      input: { transition: string; params?: Record<string, unknown> | undefined },
    ): Promise<KeptAnswer> {
      const hash = requestHash('transition', {
        id,
        transition: input.transition,
        params: input.params ?? null,
      });
      const current = async () => {
        const answer = { status: 200, body: { transaction: await viewOf(viewer.id, id) } };
        await repository.answerIdempotencyKey(viewer.id, key, answer);
        return answer;
      };
      const stored = await repository.find(id);
      const role = roleOf(viewer, stored);
      const earlier = await replay(viewer, key, hash, current);
      if (earlier) return earlier;
      const row = (stored as StoredTransaction).transaction;
      // The payment's event (Stripe's webhook; the sandbox's, a moment after the card's
      // confirmation) runs confirm-payment for the customer as soon as the card is authorised, so
      // the customer's own call, which follows at once, often finds it done: while the request
      // waits for the host, that call answers the transaction as it is, like a retry would.
      const confirmedAlready = async () => {
        if (input.transition !== 'confirm-payment' || role !== 'customer') return false;
        const now = await repository.find(id);
        return now?.transaction.state === 'preauthorized';
      };
      if (await confirmedAlready()) return current();

      const refuse = (reason: string) =>
        new AppError('transaction-invalid-transition', {
          meta: { transactionId: id, state: row.state, transition: input.transition, actor: role, reason },
        });
      if (isTransitionName(input.transition) && !CLIENT_TRANSITIONS.includes(input.transition)) {
        throw refuse('server-only');
      }
      const allowed = runTransition(
        toDomain(stored as StoredTransaction),
        input.transition,
        role,
        clock.now(),
      );
      if (!allowed.ok) throw allowed.error;
      if (role === 'provider') {
        const [customer] = await repository.partiesOf([row.customerId]);
        // Spec part 1 §2: no accept or decline for a banned customer (their request expires).
        if (customer?.banned) {
          throw new AppError('transaction-customer-banned', {
            meta: { transactionId: id, state: row.state, transition: input.transition },
          });
        }
      }

      if (input.transition === 'confirm-payment') {
        if (!row.paymentIntentId)
          throw new AppError('transaction-payment-failed', { meta: { code: 'no_intent' } });
        const intent = await charges.retrievePaymentIntent(row.paymentIntentId);
        if (intent.status !== 'requires_capture' || intent.amountCapturable !== row.payinTotal) {
          throw new AppError('transaction-payment-failed', {
            meta: {
              code: intent.lastError?.code ?? intent.status,
              stripeMessage: intent.lastError?.message ?? `Payment intent is ${intent.status}`,
            },
          });
        }
      }

      try {
        await engine.decide({
          transactionId: id,
          transition: input.transition,
          actor: role,
          // Accept and decline answer at once while another runs ("already in progress"); the
          // customer's confirm-payment waits for the payment event's, then finds it done (above).
          noWait: role === 'provider',
          within: async (tx) => {
            const claimed = await transactionRepository(tx).claimIdempotencyKey({
              userId: viewer.id,
              key,
              requestHash: hash,
              transactionId: id,
              createdAt: clock.now(),
            });
            if (!claimed) throw new IdempotencyRace();
          },
        });
      } catch (error) {
        if (
          error instanceof AppError &&
          error.code === 'transaction-invalid-transition' &&
          (await confirmedAlready())
        ) {
          return current();
        }
        if (!(error instanceof IdempotencyRace)) throw error;
        return (await replay(viewer, key, hash, current)) ?? Promise.reject(error);
      }
      faultPoint('transition:after-record');
      return current();
    },

    async show(viewer: Viewer, id: string): Promise<{ transaction: TransactionView }> {
      const stored = await repository.find(id);
      roleOf(viewer, stored);
      // What the party check read is the view's too: the row, booking and transitions once.
      return { transaction: await viewOf(viewer.id, id, undefined, stored) };
    },

    async list(
      viewer: Viewer,
      query: {
        only?: 'order' | 'sale' | undefined;
        page: number;
        perPage: number;
        lastTransitions?: string[] | undefined;
      },
    ): Promise<TransactionListView> {
      const { ids, total } = await repository.page(viewer.id, {
        only: query.only ?? null,
        lastTransitions:
          query.lastTransitions && query.lastTransitions.length > 0 ? query.lastTransitions : null,
        page: query.page,
        perPage: query.perPage,
      });
      const data = await views(viewer.id, await repository.findMany(ids));
      return {
        data,
        meta: {
          page: query.page,
          perPage: query.perPage,
          totalItems: total,
          totalPages: Math.ceil(total / query.perPage),
        },
      };
    },

    /**
     * How many of a person's sales wait for their accept or decline (spec: sale notifications): the
     * session's `salesAwaiting` and `GET /api/transactions/awaiting-count`.
     */
    salesAwaiting(userId: string): Promise<number> {
      return repository.awaitingCount(userId);
    },
  };
}

export type TransactionsService = ReturnType<typeof transactionsService>;
