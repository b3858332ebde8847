import type { CurrencyCode } from '@hora/core/money';
import Stripe from 'stripe';
import type {
  CardView,
  ChargesPort,
  PaymentEvent,
  PaymentIntent,
  PaymentIntentStatus,
  SetupIntent,
} from '../charges-port.ts';
import { PaymentProviderError } from '../provider-error.ts';
import { callStripe, createStripeClient, type StripeSettings } from './stripe-client.ts';

const currencyOf = (stripeCurrency: string) => stripeCurrency.toUpperCase() as CurrencyCode;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

const INTENT_STATUSES: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
];

/** Stripe's status; one it adds later reads as `processing`: not yet anything we act on. */
function intentStatus(status: string): PaymentIntentStatus {
  return INTENT_STATUSES.find((known) => known === status) ?? 'processing';
}

export function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    status: intentStatus(intent.status),
    amount: { amount: intent.amount, currency: currencyOf(intent.currency) },
    amountCapturable: intent.amount_capturable,
    amountReceived: intent.amount_received,
    clientSecret: intent.client_secret ?? '',
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    metadata: { ...intent.metadata },
    lastError: error
      ? {
          code: error.code ?? 'card_declined',
          declineCode: error.decline_code ?? null,
          message: error.message ?? '',
        }
      : null,
  };
}

function toSetupIntent(intent: Stripe.SetupIntent): SetupIntent {
  const status: string = intent.status;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status:
      status === 'succeeded' || status === 'canceled' || status === 'requires_action'
        ? status
        : 'requires_payment_method',
    paymentMethodId: idOf(intent.payment_method),
  };
}

function toCardView(method: Stripe.PaymentMethod): CardView {
  const card = method.card;
  if (!card) {
    throw new PaymentProviderError('invalid_request', `The payment method ${method.id} is not a card.`, {
      param: 'payment_method',
    });
  }
  return {
    id: method.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}

/**
 * A Stripe event as the port's: the object it is about (for a charge or a refund, its payment
 * intent, so a handler finds the transaction as it does for `payment_intent.*`) and its metadata.
 */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const object = event.data.object as unknown as {
    id?: string;
    payment_intent?: string | { id: string } | null;
    metadata?: Record<string, string> | null;
  };
  const paymentIntent = event.type.startsWith('charge.') ? idOf(object.payment_intent) : null;
  return {
    id: event.id,
    type: event.type,
    objectId: paymentIntent ?? object.id ?? '',
    metadata: { ...(object.metadata ?? {}) },
  };
}

/**
 * Card payments through Stripe (spec part 2 §7, payment calls): destination charges with manual
 * capture (the host's share goes to their connected account when the payment is captured, our
 * fee stays with the platform), customers with one default card, setup intents, refunds that take
 * the host's share back, transfers, and webhook events checked against the endpoint's secret.
 */
export function createStripeCharges(settings: StripeSettings & { webhookSecret: string }): ChargesPort {
  const stripe = createStripeClient(settings);

  return {
    kind: 'stripe',

    async createCustomer({ idempotencyKey, email, userId }) {
      const customer = await callStripe(() =>
        stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey }),
      );
      return { id: customer.id };
    },

    async createPaymentIntent(input) {
      const intent = await callStripe(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amount.amount,
            currency: input.amount.currency.toLowerCase(),
            capture_method: 'manual',
            allowed_payment_method_types: ['card'],
            application_fee_amount: input.applicationFee.amount,
            transfer_data: { destination: input.transferDestination },
            ...(input.customerId ? { customer: input.customerId } : {}),
            ...(input.paymentMethodId ? { payment_method: input.paymentMethodId } : {}),
            ...(input.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
            metadata: { ...input.metadata },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toPaymentIntent(intent);
    },

    async retrievePaymentIntent(id) {
      return toPaymentIntent(await callStripe(() => stripe.paymentIntents.retrieve(id)));
    },

    async capturePaymentIntent(id, { idempotencyKey }) {
      return toPaymentIntent(
        await callStripe(() => stripe.paymentIntents.capture(id, {}, { idempotencyKey })),
      );
    },

    async cancelPaymentIntent(id, { idempotencyKey }) {
      return toPaymentIntent(
        await callStripe(() => stripe.paymentIntents.cancel(id, {}, { idempotencyKey })),
      );
    },

    async refundPaymentIntent(id, { idempotencyKey, amount }) {
      const refund = await callStripe(() =>
        stripe.refunds.create(
          {
            payment_intent: id,
            ...(amount ? { amount: amount.amount } : {}),
            // The host's share went to their account at capture: it comes back with the refund.
            reverse_transfer: true,
            refund_application_fee: true,
          },
          { idempotencyKey },
        ),
      );
      return {
        id: refund.id,
        amount: { amount: refund.amount, currency: currencyOf(refund.currency) },
        status:
          refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending',
      };
    },

    async createTransfer({ idempotencyKey, amount, destination, metadata }) {
      const transfer = await callStripe(() =>
        stripe.transfers.create(
          {
            amount: amount.amount,
            currency: amount.currency.toLowerCase(),
            destination,
            metadata: { ...metadata },
          },
          { idempotencyKey },
        ),
      );
      return {
        id: transfer.id,
        amount: { amount: transfer.amount, currency: currencyOf(transfer.currency) },
        destination: idOf(transfer.destination) ?? destination,
      };
    },

    async createSetupIntent({ idempotencyKey, customerId }) {
      const intent = await callStripe(() =>
        stripe.setupIntents.create(
          { customer: customerId, allowed_payment_method_types: ['card'], usage: 'off_session' },
          { idempotencyKey },
        ),
      );
      return toSetupIntent(intent);
    },

    async defaultCard(customerId) {
      const customer = await callStripe(() =>
        stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] }),
      );
      if (customer.deleted) return null;
      const method = customer.invoice_settings.default_payment_method;
      if (!method || typeof method === 'string' || !method.card) return null;
      return toCardView(method);
    },

    async attachDefaultCard(customerId, paymentMethodId) {
      const existing = await callStripe(() => stripe.paymentMethods.retrieve(paymentMethodId));
      const attached =
        idOf(existing.customer) === customerId
          ? existing
          : await callStripe(() => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      await callStripe(() =>
        stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethodId },
        }),
      );
      return toCardView(attached);
    },

    async detachCard(paymentMethodId) {
      await callStripe(() => stripe.paymentMethods.detach(paymentMethodId));
    },

    verifyEvent(rawBody, signatureHeader) {
      if (!signatureHeader) {
        throw new PaymentProviderError('invalid_request', 'No Stripe-Signature header.', {
          code: 'signature_invalid',
        });
      }
      try {
        return toPaymentEvent(
          stripe.webhooks.constructEvent(rawBody, signatureHeader, settings.webhookSecret),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new PaymentProviderError('invalid_request', 'The webhook signature does not match.', {
            code: 'signature_invalid',
          });
        }
        throw new PaymentProviderError('invalid_request', 'The webhook body is not a Stripe event.', {
          code: 'signature_invalid',
          cause: error,
        });
      }
    },
  };
}
