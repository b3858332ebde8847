import type { CurrencyCode } from '@hora/core/money';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/client.ts';
import type { CardView, ChargesPort, PaymentIntent, SetupIntent } from '../charges-port.ts';
import { PaymentProviderError } from '../provider-error.ts';
import { type SandboxBillingDetails, sandboxChargesRepository } from './charges-repository.ts';
import { sandboxId } from './ids.ts';
import { sandboxPayoutsRepository } from './payouts-repository.ts';
import { sandboxCardRules } from './sandbox-card-rules.ts';
import { type SandboxEventListener, sandboxChanges } from './sandbox-changes.ts';
import { sandboxConfirmations } from './sandbox-confirmations.ts';
import {
  intentIdOfSecret,
  invalid,
  missing,
  sameSecret,
  toCardView,
  toPaymentIntent,
  toSetupIntent,
} from './sandbox-objects.ts';
import type { CardInput } from './test-cards.ts';

/** Stripe's smallest charge in euros (and most currencies it settles in): 0.50. */
const MINIMUM_CHARGE = 50;
const MAXIMUM_CHARGE = 99_999_999;

export type { SandboxEventListener } from './sandbox-changes.ts';

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
  const changes = sandboxChanges(deps);
  const { change, idempotent, event } = changes;
  const rules = sandboxCardRules({ clock, event });
  const { intentOrFail, customerOrFail, usableCard, unexpectedState } = rules;

  return {
    kind: 'sandbox',

    onEvent: changes.onEvent,
    eventsDelivered: changes.eventsDelivered,
    ...sandboxConfirmations({ db, clock, changes, rules }),

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
  };
}
