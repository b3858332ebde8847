/**
 * The use cases that make a transaction: the booking request (fresh or continuing an enquiry), its
 * payment intent and kept answer, and the enquiry. The engine writes; this checks, prices and
 * answers.
 */
import { randomUUID } from 'node:crypto';
import { heldRange } from '@hora/core/availability';
import { BOOKING_HOLDS, MARKETPLACE } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import type { PaymentIntent } from '../../adapters/payments/charges-port.ts';
import { PaymentProviderError } from '../../adapters/payments/provider-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ListingImageRow } from '../images/index.ts';
import type { ListingRecord } from '../listings/record.ts';
import { priceOf } from '../listings/record.ts';
import { IdempotencyKeyTaken } from './engine.ts';
import { faultPoint } from './faults.ts';
import { reportedByPostgres, type StoredTransaction } from './repository.ts';
import type { InitiateInput, ServiceContext } from './service.ts';
import { aroundOf, type BookingChecks } from './service-checks.ts';
import { type KeptAnswer, type KeptAnswers, requestHash } from './service-idempotency.ts';
import { notFound, type TransactionViews } from './service-views.ts';
import type { PartyRow } from './views.ts';

function paymentFailed(error: PaymentProviderError, transactionId: string): AppError {
  return new AppError('transaction-payment-failed', {
    meta: { stripeMessage: error.message, code: error.code ?? error.kind, transactionId },
  });
}

export function newTransactions(
  context: ServiceContext,
  checks: BookingChecks,
  shown: TransactionViews,
  answers: KeptAnswers,
) {
  const { deps, repository, listings } = context;
  const { clock, engine } = deps;
  const { check, enquiryOf } = checks;
  const { viewOf } = shown;
  const { replay } = answers;

  /** What a fresh request's context read, for its answer: nothing of it is read again. */
  interface FreshParts {
    listing: ListingRecord;
    parties?: PartyRow[];
    /** The listing's photos as the request's context read them. */
    images?: ListingImageRow[];
  }

  /** A booking request's answer: its transaction as the customer sees it, with its payment intent. */
  async function answerOf(
    viewer: Viewer,
    stored: StoredTransaction,
    intent: PaymentIntent | undefined,
    fresh?: FreshParts,
  ): Promise<KeptAnswer> {
    const listingId = stored.transaction.listingId;
    // The listing's photos from the context read when the reader makes views of rows read elsewhere
    // (decision 0052's addendum), else read here.
    const images = !fresh
      ? undefined
      : fresh.images && deps.images.viewsOf
        ? new Map([[listingId, deps.images.viewsOf(fresh.images)]])
        : await deps.images.imagesOf([listingId]);
    const view = await viewOf(
      viewer.id,
      stored.transaction.id,
      intent,
      stored,
      fresh
        ? {
            listing: fresh.listing,
            payments: [],
            ...(fresh.parties ? { parties: fresh.parties } : {}),
            ...(images ? { images } : {}),
          }
        : {},
    );
    return { status: 201, body: { transaction: view } };
  }

  /**
   * The payment intent of a committed request (a booking after an enquiry, or one resumed by a
   * retry with its key), then the answer, kept under the key: the intent and the answer in one
   * statement. A retry after a crash anywhere in here lands here again and finds the same intent
   * (idempotency key).
   */
  async function finishRequest(viewer: Viewer, id: string, key: string): Promise<KeptAnswer> {
    const stored = await repository.find(id);
    if (!stored) throw notFound();
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
        : stored;
      answer = await answerOf(viewer, current, intent);
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

  /**
   * Whether a booking request whose writes failed with `error` wrote nothing, so that the intent made
   * for them can go: a refusal (an AppError, the key taken by another request), or an error
   * PostgreSQL reported (the statement rolled back, and with it everything it wrote).
   * Anything else, a connection lost maybe after the commit, is settled by reading the key: claimed
   * for this transaction, the writes committed and the intent is theirs. Unsure, the intent stays
   * (never shown to the customer, it holds no money).
   */
  async function nothingWritten(error: unknown, viewerId: string, key: string, id: string): Promise<boolean> {
    if (error instanceof AppError || error instanceof IdempotencyKeyTaken || reportedByPostgres(error)) {
      return true;
    }
    try {
      return (await repository.idempotencyKey(viewerId, key))?.transactionId !== id;
    } catch {
      return false;
    }
  }

  /**
   * `request-payment`: checks, then one database transaction with the transaction, its booking
   * (the exclusion constraint decides between simultaneous requests), the message, the key and
   * the expire-payment timer. The payment intent comes first and the answer is kept by the writes
   * (decision 0064). A crash after the commit leaves a hold the timer (or the reconciler) releases at
   * 15 minutes, or a retry with the same key replays the answer.
   */
  async function initiate(viewer: Viewer, key: string, input: InitiateInput): Promise<KeptAnswer> {
    const hash = requestHash('initiate', input);
    const resume = (id: string) => finishRequest(viewer, id, key);
    // One statement for the key, the listing and what holds its time, the unpaid bookings, the
    // parties and the database's clock (decision 0052); without the listing, the key alone, then the
    // listing's own error.
    const readAt = clock.now();
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

    // The checks found the listing the context read found.
    if (!read) throw new Error(`Listing ${listing.id} passed its checks without its context read`);
    const id = randomUUID();
    // The intent comes before the writes (decision 0064): it holds no money until the customer
    // confirms it in the browser with the secret only the answer carries (a saved card too: it is
    // set on the intent, not confirmed), so a request refused below leaves an intent to cancel and
    // nothing else, and the writes keep the answer with the key (no statement after them).
    let intent: PaymentIntent;
    try {
      intent = await engine.createIntent({ id, state: 'pending-payment', ...row });
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || error.kind !== 'card') throw error;
      // The provider refused the card as the intent was made: kept under the key, as the provider
      // keeps its own answer, so a retry is refused the same way.
      const failed = paymentFailed(error, id);
      await repository.claimIdempotencyKey({
        userId: viewer.id,
        key,
        requestHash: hash,
        transactionId: null,
        createdAt: clock.now(),
        response: { status: failed.status, body: { errors: [{ code: failed.code, meta: failed.meta }] } },
      });
      throw failed;
    }
    const context = read ? { parties: read.parties, images: read.images } : {};
    let answer: KeptAnswer | undefined;
    try {
      await engine.request(
        {
          id,
          listingId: listing.id,
          customerId: viewer.id,
          providerId: listing.authorId,
          start: input.bookingStart,
          end: input.bookingEnd,
          held,
          row: { ...row, paymentIntentId: intent.id, paymentIntentStatus: intent.status },
          message: input.message ?? null,
        },
        { userId: viewer.id, key, requestHash: hash, transactionId: id, createdAt: clock.now() },
        { databaseNow: read.databaseNow, readAt },
        async (stored) => {
          answer = await answerOf(viewer, stored, intent, { listing, ...context });
          return answer;
        },
      );
    } catch (error) {
      if (await nothingWritten(error, viewer.id, key, id)) await engine.discardIntent(id, intent.id);
      if (!(error instanceof IdempotencyKeyTaken)) throw error;
      return (await replay(viewer, key, hash, resume)) ?? Promise.reject(error);
    }
    faultPoint('initiate:after-commit');
    if (!answer) throw new Error(`Booking ${id} was written without its answer`);
    return answer;
  }

  /**
   * `enquire`: a question to the host before booking (spec part 1 §2, "contact the host"). A
   * transaction in `enquiry` with the first message and no booking or price (decision 0040). Not
   * on one's own listing, only on a published one, and not when either person is banned or
   * deleted (they could not message). The Idempotency-Key makes a form sent twice one enquiry.
   */
  async function enquire(
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
  }

  return { initiate, enquire };
}
