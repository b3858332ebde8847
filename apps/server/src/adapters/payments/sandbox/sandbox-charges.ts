import type { CurrencyCode } from '@hora/core/money';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/client.ts';
import { type Executor, withTransaction } from '../../../db/executor.ts';
import type { CardView, ChargesPort, PaymentEvent, PaymentIntent, SetupIntent } from '../charges-port.ts';
import { PaymentProviderError } from '../provider-error.ts';
import {
  type SandboxBillingDetails,
  type SandboxChargesRepository,
  type SandboxPaymentIntentRow,
  type SandboxPaymentMethodRow,
  sandboxChargesRepository,
} from './charges-repository.ts';
import { sandboxId } from './ids.ts';
import { sandboxPayoutsRepository } from './payouts-repository.ts';
import {
  fingerprint,
  intentIdOfSecret,
  invalid,
  lastErrorOf,
  missing,
  sameSecret,
  toCardView,
  toPaymentIntent,
  toSetupIntent,
} from './sandbox-objects.ts';
import {
  acceptCard,
  authenticationFailure,
  type CardBehaviour,
  type CardFailure,
  type CardInput,
  cardError,
  confirmationFailure,
} from './test-cards.ts';

/** Stripe's smallest charge in euros (and most currencies it settles in): 0.50. */
const MINIMUM_CHARGE = 50;
const MAXIMUM_CHARGE = 99_999_999;

/** Waits before each delivery attempt of an event: at once, then twice more a little later. */
const DELIVERY_DELAYS_MS = [0, 200, 1000] as const;

/** Where the sandbox hands its events: the same handler Stripe's webhooks reach. */
export type SandboxEventListener = (event: PaymentEvent) => Promise<void>;

/**
 * What only the sandbox does: the browser's half of Stripe (what Stripe.js does with card fields
 * and client secrets), run on our own server, and the delivery of its events in-process.
 */
export interface SandboxCharges extends ChargesPort {
  kind: 'sandbox';
  /** A card from its fields (Stripe.js `createPaymentMethod`): checked by format, kept without its number. */
  createPaymentMethod(input: { card: CardInput; billingDetails: SandboxBillingDetails }): Promise<CardView>;
  /**
   * Confirms a payment intent with a card (Stripe.js `confirmCardPayment`): `requires_capture`, or
   * `requires_action` for a card that asks for authentication. A refused card throws its card
   * error and leaves the intent `requires_payment_method` with `lastError`.
   */
  confirmPaymentIntent(input: {
    clientSecret: string;
    paymentMethodId: string;
    /** Keep the card on the intent's customer once it succeeds. */
    saveCard?: boolean | undefined;
  }): Promise<PaymentIntent>;
  /** Ends the authentication step (Stripe's 3-D Secure test page): completed or failed. */
  authenticatePaymentIntent(clientSecret: string, outcome: 'complete' | 'fail'): Promise<PaymentIntent>;
  /** Confirms a setup intent with a card (Stripe.js `confirmCardSetup`); the card joins its customer. */
  confirmSetupIntent(input: { clientSecret: string; paymentMethodId: string }): Promise<SetupIntent>;
  authenticateSetupIntent(clientSecret: string, outcome: 'complete' | 'fail'): Promise<SetupIntent>;
  /** The intent a client secret belongs to, when the secret is right. */
  paymentIntentBySecret(clientSecret: string): Promise<PaymentIntent | undefined>;
  /** Sets where events go (one listener: the payment event handler). */
  onEvent(listener: SandboxEventListener): void;
  /** Resolves once every event emitted so far was delivered (tests, and a graceful stop). */
  eventsDelivered(): Promise<void>;
}

/** Statuses a payment intent may be canceled from (Stripe's list). */
const CANCELABLE: readonly string[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
  'processing',
];

/**
 * The charges half of the built-in payments sandbox: customers, cards, payment intents with
 * manual capture, refunds, transfers and setup intents in its own tables, with Stripe's states,
 * test cards, idempotency keys and events, so the engine cannot tell it from Stripe.
 */
export function createSandboxCharges(deps: {
  db: Database;
  clock: Clock;
  /** Where an event that its handler failed on is reported (Stripe would retry it; the sandbox logs it). */
  log?: { error(details: object, message: string): void } | undefined;
}): SandboxCharges {
  const { db, clock } = deps;
  let listener: SandboxEventListener | undefined;
  let deliveries: Promise<void> = Promise.resolve();

  /**
   * Events are delivered after the change committed, one at a time, never inside the caller's
   * call (as Stripe's webhooks come). A delivery its listener fails is tried again a little later,
   * as Stripe retries a webhook that was not answered with success; then it is logged.
   */
  function emit(events: readonly PaymentEvent[]) {
    for (const event of events) {
      deliveries = deliveries.then(async () => {
        for (const [attempt, delayMs] of DELIVERY_DELAYS_MS.entries()) {
          await new Promise<void>((resolve) => setTimeout(resolve, delayMs));
          if (!listener) return;
          try {
            await listener(event);
            return;
          } catch (error) {
            if (attempt === DELIVERY_DELAYS_MS.length - 1) {
              deps.log?.error(
                { err: error, eventId: event.id, eventType: event.type },
                'sandbox payment event failed',
              );
            }
          }
        }
      });
    }
  }

  function event(type: string, objectId: string, metadata: Record<string, string> = {}): PaymentEvent {
    return { id: sandboxId('evt'), type, objectId, metadata };
  }

  /**
   * Runs a change in one database transaction and delivers its events once it committed. A
   * refusal of the provider (`PaymentProviderError`) still commits what was recorded before it
   * (a declined card leaves its intent with `lastError`), then throws.
   */
  async function change<T>(
    work: (charges: SandboxChargesRepository, events: PaymentEvent[], tx: Executor) => Promise<T>,
  ): Promise<T> {
    const events: PaymentEvent[] = [];
    const outcome = await withTransaction(db, async (tx) => {
      try {
        return { ok: true as const, value: await work(sandboxChargesRepository(tx), events, tx) };
      } catch (error) {
        if (error instanceof PaymentProviderError) return { ok: false as const, error };
        throw error;
      }
    });
    emit(events);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /**
   * Stripe's idempotency: the first request under a key runs and its answer (result or refusal)
   * is kept; the same key with the same parameters answers it again, with other parameters it is
   * refused. A concurrent request with the same key waits for the first one's answer.
   */
  async function idempotent<T>(
    operation: string,
    key: string,
    params: unknown,
    work: (charges: SandboxChargesRepository, events: PaymentEvent[], tx: Executor) => Promise<T>,
  ): Promise<T> {
    const print = fingerprint(operation, params);
    const events: PaymentEvent[] = [];
    const outcome = await withTransaction(db, async (tx) => {
      const charges = sandboxChargesRepository(tx);
      const claimed = await charges.claimKey({ key, operation, fingerprint: print, createdAt: clock.now() });
      if (!claimed) {
        const earlier = await charges.findKey(key);
        if (!earlier || earlier.fingerprint !== print || !earlier.response) {
          throw new PaymentProviderError(
            'idempotency',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        return earlier.response;
      }
      try {
        const value = await work(charges, events, tx);
        const response = { ok: true as const, value: value as unknown };
        await charges.answerKey(key, response);
        return response;
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        const response = {
          ok: false as const,
          kind: error.kind,
          message: error.message,
          code: error.code ?? null,
          param: error.param ?? null,
          declineCode: error.declineCode ?? null,
        };
        await charges.answerKey(key, response);
        return response;
      }
    });
    emit(events);
    if (!outcome.ok) {
      throw new PaymentProviderError(outcome.kind as PaymentProviderError['kind'], outcome.message, {
        code: outcome.code ?? undefined,
        param: outcome.param ?? undefined,
        declineCode: outcome.declineCode ?? undefined,
      });
    }
    return outcome.value as T;
  }

  async function intentOrFail(charges: SandboxChargesRepository, id: string, lock = true) {
    const row = await charges.findPaymentIntent(id, { lock });
    if (!row) throw missing('payment_intent', id, 'intent');
    return row;
  }

  async function intentBySecret(charges: SandboxChargesRepository, clientSecret: string) {
    const id = intentIdOfSecret(clientSecret, 'pi');
    const row = id ? await charges.findPaymentIntent(id, { lock: true }) : undefined;
    if (!row || !sameSecret(row.clientSecret, clientSecret)) {
      throw invalid('No such payment_intent (the client secret does not match).', {
        code: 'resource_missing',
        param: 'client_secret',
      });
    }
    return row;
  }

  async function setupIntentBySecret(charges: SandboxChargesRepository, clientSecret: string) {
    const id = intentIdOfSecret(clientSecret, 'seti');
    const row = id ? await charges.findSetupIntent(id, { lock: true }) : undefined;
    if (!row || !sameSecret(row.clientSecret, clientSecret)) {
      throw invalid('No such setup_intent (the client secret does not match).', {
        code: 'resource_missing',
        param: 'client_secret',
      });
    }
    return row;
  }

  async function customerOrFail(charges: SandboxChargesRepository, id: string, lock = false) {
    const row = await charges.findCustomer(id, { lock });
    if (!row) throw missing('customer', id, 'customer');
    return row;
  }

  /**
   * A card this customer (or, without one, anybody) may use now: Stripe refuses a card of another
   * customer, and a card already used once without a customer or detached from one.
   */
  async function usableCard(
    charges: SandboxChargesRepository,
    paymentMethodId: string,
    customerId: string | null,
  ): Promise<SandboxPaymentMethodRow> {
    const card = await charges.findPaymentMethod(paymentMethodId, { lock: true });
    if (!card) throw missing('payment_method', paymentMethodId, 'payment_method');
    if (card.customerId !== null && card.customerId !== customerId) {
      throw invalid(
        `The provided PaymentMethod ${paymentMethodId} belongs to another customer and cannot be used here.`,
        { code: 'payment_method_unexpected_state', param: 'payment_method' },
      );
    }
    if (card.customerId === null && card.consumedAt !== null) {
      throw invalid(
        `The provided PaymentMethod ${paymentMethodId} was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`,
        { code: 'payment_method_unexpected_state', param: 'payment_method' },
      );
    }
    return card;
  }

  /** After a card succeeded: kept on the customer when asked to, else used up when it had none. */
  async function afterUse(
    charges: SandboxChargesRepository,
    events: PaymentEvent[],
    card: SandboxPaymentMethodRow,
    keepOn: string | null,
  ) {
    if (card.customerId !== null) return;
    if (keepOn) {
      await charges.updatePaymentMethod(card.id, { customerId: keepOn });
      events.push(event('payment_method.attached', card.id));
    } else {
      await charges.updatePaymentMethod(card.id, { consumedAt: clock.now() });
    }
  }

  function unexpectedState(
    kind: 'PaymentIntent' | 'SetupIntent',
    id: string,
    status: string,
    action: string,
    allowed: string[],
  ) {
    return invalid(
      `This ${kind} (${id}) could not be ${action} because it has a status of ${status}. Only a ${kind} with one of the following statuses may be ${action}: ${allowed.join(', ')}.`,
      {
        code: kind === 'PaymentIntent' ? 'payment_intent_unexpected_state' : 'setup_intent_unexpected_state',
      },
    );
  }

  /** The outcome of a card's behaviour on an intent: failure, authentication, or success. */
  function verdictOf(behaviour: CardBehaviour): { failure: CardFailure } | 'authenticate' | 'succeed' {
    const failure = confirmationFailure(behaviour);
    if (failure) return { failure };
    return behaviour === 'authenticate' ? 'authenticate' : 'succeed';
  }

  async function authorise(
    charges: SandboxChargesRepository,
    events: PaymentEvent[],
    intent: SandboxPaymentIntentRow,
    card: SandboxPaymentMethodRow,
  ): Promise<SandboxPaymentIntentRow> {
    const updated = await charges.updatePaymentIntent(intent.id, {
      status: 'requires_capture',
      paymentMethodId: card.id,
      amountCapturable: intent.amount,
      lastError: null,
      updatedAt: clock.now(),
    });
    await afterUse(charges, events, card, intent.setupFutureUsage ? intent.customerId : null);
    events.push(event('payment_intent.amount_capturable_updated', intent.id, intent.metadata));
    return updated;
  }

  async function refuse(
    charges: SandboxChargesRepository,
    events: PaymentEvent[],
    intent: SandboxPaymentIntentRow,
    card: SandboxPaymentMethodRow | null,
    failure: CardFailure,
  ): Promise<never> {
    await charges.updatePaymentIntent(intent.id, {
      status: 'requires_payment_method',
      paymentMethodId: card?.id ?? intent.paymentMethodId,
      lastError: lastErrorOf(failure),
      updatedAt: clock.now(),
    });
    events.push(event('payment_intent.payment_failed', intent.id, intent.metadata));
    throw cardError(failure);
  }

  function today() {
    const now = clock.now();
    return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  }

  return {
    kind: 'sandbox',

    onEvent(next) {
      listener = next;
    },

    async eventsDelivered() {
      let seen: Promise<void>;
      do {
        seen = deliveries;
        await seen;
      } while (seen !== deliveries);
    },

    async createCustomer(input) {
      const { idempotencyKey, ...params } = input;
      return idempotent('customers.create', idempotencyKey, params, async (charges, events) => {
        const id = sandboxId('cus', 14);
        await charges.insertCustomer({
          id,
          email: input.email,
          metadata: { userId: input.userId },
          createdAt: clock.now(),
        });
        events.push(event('customer.created', id, { userId: input.userId }));
        return { id };
      });
    },

    async createPaymentIntent(input) {
      const { idempotencyKey, ...params } = input;
      return idempotent('payment_intents.create', idempotencyKey, params, async (charges, events, tx) => {
        const { amount, applicationFee } = input;
        if (!Number.isSafeInteger(amount.amount) || amount.amount < MINIMUM_CHARGE) {
          throw invalid(`Amount must be at least 0.50 ${amount.currency.toLowerCase()}`, {
            code: 'amount_too_small',
            param: 'amount',
          });
        }
        if (amount.amount > MAXIMUM_CHARGE) {
          throw invalid('Amount must be no more than 999,999.99', {
            code: 'amount_too_large',
            param: 'amount',
          });
        }
        if (
          applicationFee.currency !== amount.currency ||
          !Number.isSafeInteger(applicationFee.amount) ||
          applicationFee.amount < 0 ||
          applicationFee.amount > amount.amount
        ) {
          throw invalid('The application fee must be between 0 and the amount, in its currency.', {
            param: 'application_fee_amount',
          });
        }
        if (!(await sandboxPayoutsRepository(tx).findAccount(input.transferDestination))) {
          throw invalid(`No such destination: '${input.transferDestination}'`, {
            code: 'resource_missing',
            param: 'transfer_data[destination]',
          });
        }
        if (input.customerId) await customerOrFail(charges, input.customerId);
        if (input.paymentMethodId) await usableCard(charges, input.paymentMethodId, input.customerId);
        if (input.saveCard && !input.customerId) {
          throw invalid('A customer is needed to keep the card for later (setup_future_usage).', {
            param: 'customer',
          });
        }
        const id = sandboxId('pi');
        const now = clock.now();
        const row = await charges.insertPaymentIntent({
          id,
          clientSecret: `${id}_${sandboxId('secret')}`,
          status: input.paymentMethodId ? 'requires_confirmation' : 'requires_payment_method',
          amount: amount.amount,
          currency: amount.currency,
          applicationFeeAmount: applicationFee.amount,
          transferDestination: input.transferDestination,
          customerId: input.customerId,
          paymentMethodId: input.paymentMethodId,
          setupFutureUsage: input.saveCard ? 'off_session' : null,
          metadata: { ...input.metadata },
          createdAt: now,
          updatedAt: now,
        });
        events.push(event('payment_intent.created', id, row.metadata));
        return toPaymentIntent(row);
      });
    },

    async retrievePaymentIntent(id) {
      return toPaymentIntent(await intentOrFail(sandboxChargesRepository(db), id, false));
    },

    async paymentIntentBySecret(clientSecret) {
      const id = intentIdOfSecret(clientSecret, 'pi');
      const row = id ? await sandboxChargesRepository(db).findPaymentIntent(id) : undefined;
      return row && sameSecret(row.clientSecret, clientSecret) ? toPaymentIntent(row) : undefined;
    },

    async capturePaymentIntent(id, { idempotencyKey }) {
      return idempotent('payment_intents.capture', idempotencyKey, { id }, async (charges, events) => {
        const intent = await intentOrFail(charges, id);
        if (intent.status !== 'requires_capture') {
          throw unexpectedState('PaymentIntent', id, intent.status, 'captured', ['requires_capture']);
        }
        const now = clock.now();
        const captured = await charges.updatePaymentIntent(id, {
          status: 'succeeded',
          amountCapturable: 0,
          amountReceived: intent.amount,
          updatedAt: now,
        });
        // A destination charge: the host's share goes to their account when the money is taken.
        const transferId = sandboxId('tr');
        await charges.insertTransfer({
          id: transferId,
          amount: intent.amount - intent.applicationFeeAmount,
          currency: intent.currency,
          destination: intent.transferDestination,
          metadata: { ...intent.metadata, paymentIntentId: id },
          createdAt: now,
        });
        events.push(event('payment_intent.succeeded', id, intent.metadata));
        events.push(event('transfer.created', transferId, intent.metadata));
        return toPaymentIntent(captured);
      });
    },

    async cancelPaymentIntent(id, { idempotencyKey }) {
      return idempotent('payment_intents.cancel', idempotencyKey, { id }, async (charges, events) => {
        const intent = await intentOrFail(charges, id);
        if (!CANCELABLE.includes(intent.status)) {
          throw unexpectedState('PaymentIntent', id, intent.status, 'canceled', [...CANCELABLE]);
        }
        const canceled = await charges.updatePaymentIntent(id, {
          status: 'canceled',
          amountCapturable: 0,
          updatedAt: clock.now(),
        });
        events.push(event('payment_intent.canceled', id, intent.metadata));
        return toPaymentIntent(canceled);
      });
    },

    async refundPaymentIntent(id, input) {
      const { idempotencyKey, ...params } = input;
      return idempotent('refunds.create', idempotencyKey, { id, ...params }, async (charges, events) => {
        const intent = await intentOrFail(charges, id);
        if (intent.status !== 'succeeded') {
          throw invalid(
            `This PaymentIntent (${id}) does not have a successful charge to refund (its status is ${intent.status}).`,
            { code: 'charge_not_refundable', param: 'payment_intent' },
          );
        }
        const left = intent.amountReceived - intent.amountRefunded;
        const amount = input.amount?.amount ?? left;
        if (input.amount && input.amount.currency !== intent.currency) {
          throw invalid('The refund must be in the currency of the charge.', { param: 'amount' });
        }
        if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) {
          throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
            code: amount > left ? 'charge_already_refunded' : 'parameter_invalid_integer',
            param: 'amount',
          });
        }
        const refundId = sandboxId('re');
        await charges.insertRefund({
          id: refundId,
          paymentIntentId: id,
          amount,
          currency: intent.currency,
          status: 'succeeded',
          createdAt: clock.now(),
        });
        await charges.updatePaymentIntent(id, {
          amountRefunded: intent.amountRefunded + amount,
          updatedAt: clock.now(),
        });
        events.push(event('charge.refunded', id, intent.metadata));
        return {
          id: refundId,
          amount: { amount, currency: intent.currency as CurrencyCode },
          status: 'succeeded' as const,
        };
      });
    },

    async createTransfer(input) {
      const { idempotencyKey, ...params } = input;
      return idempotent('transfers.create', idempotencyKey, params, async (charges, events, tx) => {
        if (!Number.isSafeInteger(input.amount.amount) || input.amount.amount <= 0) {
          throw invalid('The transfer amount must be a positive integer.', { param: 'amount' });
        }
        if (!(await sandboxPayoutsRepository(tx).findAccount(input.destination))) {
          throw invalid(`No such destination: '${input.destination}'`, {
            code: 'resource_missing',
            param: 'destination',
          });
        }
        const id = sandboxId('tr');
        await charges.insertTransfer({
          id,
          amount: input.amount.amount,
          currency: input.amount.currency,
          destination: input.destination,
          metadata: { ...input.metadata },
          createdAt: clock.now(),
        });
        events.push(event('transfer.created', id, { ...input.metadata }));
        return { id, amount: input.amount, destination: input.destination };
      });
    },

    async createSetupIntent(input) {
      const { idempotencyKey, ...params } = input;
      return idempotent('setup_intents.create', idempotencyKey, params, async (charges, events) => {
        await customerOrFail(charges, input.customerId);
        const id = sandboxId('seti');
        const now = clock.now();
        const row = await charges.insertSetupIntent({
          id,
          clientSecret: `${id}_${sandboxId('secret')}`,
          customerId: input.customerId,
          status: 'requires_payment_method',
          createdAt: now,
          updatedAt: now,
        });
        events.push(event('setup_intent.created', id));
        return toSetupIntent(row);
      });
    },

    async defaultCard(customerId) {
      const charges = sandboxChargesRepository(db);
      const customer = await customerOrFail(charges, customerId);
      if (!customer.defaultPaymentMethodId) return null;
      const card = await charges.findPaymentMethod(customer.defaultPaymentMethodId);
      return card && card.customerId === customerId ? toCardView(card) : null;
    },

    async attachDefaultCard(customerId, paymentMethodId) {
      return change(async (charges, events) => {
        await customerOrFail(charges, customerId, true);
        const card = await usableCard(charges, paymentMethodId, customerId);
        if (card.customerId === null) {
          await charges.updatePaymentMethod(card.id, { customerId });
          events.push(event('payment_method.attached', card.id));
        }
        await charges.setDefaultPaymentMethod(customerId, card.id);
        events.push(event('customer.updated', customerId));
        return toCardView(card);
      });
    },

    async detachCard(paymentMethodId) {
      return change(async (charges, events) => {
        const card = await charges.findPaymentMethod(paymentMethodId, { lock: true });
        if (!card) throw missing('payment_method', paymentMethodId, 'payment_method');
        if (card.customerId === null) {
          throw invalid(
            'The payment method you provided is not attached to a customer so detachment is impossible.',
            { code: 'payment_method_unexpected_state', param: 'payment_method' },
          );
        }
        const customer = await customerOrFail(charges, card.customerId, true);
        if (customer.defaultPaymentMethodId === card.id)
          await charges.setDefaultPaymentMethod(customer.id, null);
        await charges.updatePaymentMethod(card.id, { customerId: null, consumedAt: clock.now() });
        events.push(event('payment_method.detached', card.id));
      });
    },

    verifyEvent() {
      throw new PaymentProviderError(
        'invalid_request',
        'The payments sandbox delivers its events in-process; it sends no webhooks.',
        { code: 'signature_invalid' },
      );
    },

    async createPaymentMethod({ card, billingDetails }) {
      const accepted = acceptCard({ ...card, postalCode: billingDetails.postalCode ?? undefined }, today());
      const id = sandboxId('pm');
      await sandboxChargesRepository(db).insertPaymentMethod({
        id,
        brand: accepted.brand,
        last4: accepted.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        billingDetails,
        behaviour: accepted.behaviour,
        createdAt: clock.now(),
      });
      return {
        id,
        brand: accepted.brand,
        last4: accepted.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
    },

    async confirmPaymentIntent({ clientSecret, paymentMethodId, saveCard }) {
      return change(async (charges, events) => {
        const intent = await intentBySecret(charges, clientSecret);
        const confirmable = ['requires_payment_method', 'requires_confirmation'];
        if (!confirmable.includes(intent.status)) {
          throw unexpectedState('PaymentIntent', intent.id, intent.status, 'confirmed', confirmable);
        }
        if (saveCard && !intent.customerId) {
          throw invalid('A customer is needed to keep the card for later (setup_future_usage).', {
            param: 'setup_future_usage',
          });
        }
        const card = await usableCard(charges, paymentMethodId, intent.customerId);
        const current = saveCard
          ? await charges.updatePaymentIntent(intent.id, { setupFutureUsage: 'off_session' })
          : intent;
        const verdict = verdictOf(card.behaviour as CardBehaviour);
        if (typeof verdict === 'object') return refuse(charges, events, current, card, verdict.failure);
        if (verdict === 'authenticate') {
          const waiting = await charges.updatePaymentIntent(intent.id, {
            status: 'requires_action',
            paymentMethodId: card.id,
            lastError: null,
            updatedAt: clock.now(),
          });
          events.push(event('payment_intent.requires_action', intent.id, intent.metadata));
          return toPaymentIntent(waiting);
        }
        return toPaymentIntent(await authorise(charges, events, current, card));
      });
    },

    async authenticatePaymentIntent(clientSecret, outcome) {
      return change(async (charges, events) => {
        const intent = await intentBySecret(charges, clientSecret);
        if (intent.status !== 'requires_action' || !intent.paymentMethodId) {
          throw unexpectedState('PaymentIntent', intent.id, intent.status, 'authenticated', [
            'requires_action',
          ]);
        }
        const card = await usableCard(charges, intent.paymentMethodId, intent.customerId);
        if (outcome === 'fail')
          return refuse(charges, events, intent, card, authenticationFailure('payment_intent'));
        return toPaymentIntent(await authorise(charges, events, intent, card));
      });
    },

    async confirmSetupIntent({ clientSecret, paymentMethodId }) {
      return change(async (charges, events) => {
        const intent = await setupIntentBySecret(charges, clientSecret);
        if (intent.status !== 'requires_payment_method') {
          throw unexpectedState('SetupIntent', intent.id, intent.status, 'confirmed', [
            'requires_payment_method',
          ]);
        }
        const card = await usableCard(charges, paymentMethodId, intent.customerId);
        const verdict = verdictOf(card.behaviour as CardBehaviour);
        if (typeof verdict === 'object') {
          await charges.updateSetupIntent(intent.id, {
            paymentMethodId: card.id,
            lastError: lastErrorOf(verdict.failure),
            updatedAt: clock.now(),
          });
          events.push(event('setup_intent.setup_failed', intent.id));
          throw cardError(verdict.failure);
        }
        const status = verdict === 'authenticate' ? 'requires_action' : 'succeeded';
        const updated = await charges.updateSetupIntent(intent.id, {
          status,
          paymentMethodId: card.id,
          lastError: null,
          updatedAt: clock.now(),
        });
        if (status === 'succeeded') {
          await afterUse(charges, events, card, intent.customerId);
          events.push(event('setup_intent.succeeded', intent.id));
        } else {
          events.push(event('setup_intent.requires_action', intent.id));
        }
        return toSetupIntent(updated);
      });
    },

    async authenticateSetupIntent(clientSecret, outcome) {
      return change(async (charges, events) => {
        const intent = await setupIntentBySecret(charges, clientSecret);
        if (intent.status !== 'requires_action' || !intent.paymentMethodId) {
          throw unexpectedState('SetupIntent', intent.id, intent.status, 'authenticated', [
            'requires_action',
          ]);
        }
        const card = await usableCard(charges, intent.paymentMethodId, intent.customerId);
        if (outcome === 'fail') {
          const failure = authenticationFailure('setup_intent');
          await charges.updateSetupIntent(intent.id, {
            status: 'requires_payment_method',
            lastError: lastErrorOf(failure),
            updatedAt: clock.now(),
          });
          events.push(event('setup_intent.setup_failed', intent.id));
          throw cardError(failure);
        }
        const updated = await charges.updateSetupIntent(intent.id, {
          status: 'succeeded',
          updatedAt: clock.now(),
        });
        await afterUse(charges, events, card, intent.customerId);
        events.push(event('setup_intent.succeeded', intent.id));
        return toSetupIntent(updated);
      });
    },
  };
}
