import type { Money } from '@hora/core/money';

/**
 * Card payments: the charges half of the payments port (issue 11). Stripe's objects and states,
 * which the sandbox imitates in its own tables, so nothing above the port knows which one runs.
 * Every call that creates or moves money takes an idempotency key; the same key with the same
 * parameters answers the first result again, never a second effect. Failures throw
 * `PaymentProviderError` (card failures: kind `card`, with Stripe's decline or validation code).
 */

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface PaymentIntent {
  /** `pi_…` */
  id: string;
  status: PaymentIntentStatus;
  amount: Money;
  /** Authorised and not yet captured (what `capture` may take); 0 outside `requires_capture`. */
  amountCapturable: number;
  amountReceived: number;
  /** Handed to the customer's browser only, to confirm the card there. */
  clientSecret: string;
  customerId: string | null;
  paymentMethodId: string | null;
  /** What we stored with it: always our transaction id, so a webhook finds its transaction. */
  metadata: Record<string, string>;
  /** The last card failure, as Stripe reports it (`card_declined`, `insufficient_funds`, …). */
  lastError: { code: string; declineCode: string | null; message: string } | null;
}

export interface CardView {
  /** `pm_…` */
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface Refund {
  /** `re_…` */
  id: string;
  amount: Money;
  status: 'pending' | 'succeeded' | 'failed';
}

export interface Transfer {
  /** `tr_…` */
  id: string;
  amount: Money;
  destination: string;
}

export interface SetupIntent {
  /** `seti_…` */
  id: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  paymentMethodId: string | null;
}

/** A provider event after its signature was checked (webhooks; the sandbox emits the same kinds). */
export interface PaymentEvent {
  /** `evt_…`: unique, so a replay is recognised. */
  id: string;
  type: string;
  /** The object the event is about (a payment intent for `payment_intent.*`). */
  objectId: string;
  metadata: Record<string, string>;
}

export interface ChargesPort {
  kind: 'sandbox' | 'stripe';
  /** A customer to keep cards on (`cus_…`). */
  createCustomer(input: { idempotencyKey: string; email: string; userId: string }): Promise<{ id: string }>;
  /**
   * A payment intent with manual capture, charged to `customerId`'s card when `paymentMethodId`
   * is given (the saved card), otherwise confirmed in the browser with a new card. The amount is
   * the transaction's payin total, never a client figure; `transferDestination` is the host's
   * connected account, paid at capture minus our application fee.
   */
  createPaymentIntent(input: {
    idempotencyKey: string;
    amount: Money;
    applicationFee: Money;
    transferDestination: string;
    customerId: string | null;
    paymentMethodId: string | null;
    /** Keep the card on the customer after it succeeds (checkout's "save card"). */
    saveCard: boolean;
    metadata: { transactionId: string };
  }): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  /** Takes the authorised amount (at accept). Idempotent by key. */
  capturePaymentIntent(id: string, input: { idempotencyKey: string }): Promise<PaymentIntent>;
  /** Releases an authorisation that was never captured (decline, expire, expire-payment). */
  cancelPaymentIntent(id: string, input: { idempotencyKey: string }): Promise<PaymentIntent>;
  /** Gives captured money back (the operator's cancel after accept). */
  refundPaymentIntent(id: string, input: { idempotencyKey: string; amount?: Money }): Promise<Refund>;
  /** Pays the host's connected account (at complete, when the capture did not already route the funds). */
  createTransfer(input: {
    idempotencyKey: string;
    amount: Money;
    destination: string;
    metadata: { transactionId: string };
  }): Promise<Transfer>;
  /** For the payment methods page: a setup intent whose secret the browser confirms with a card. */
  createSetupIntent(input: { idempotencyKey: string; customerId: string }): Promise<SetupIntent>;
  /** The customer's default card, or null. */
  defaultCard(customerId: string): Promise<CardView | null>;
  /** Attaches a confirmed card to the customer and makes it the default. */
  attachDefaultCard(customerId: string, paymentMethodId: string): Promise<CardView>;
  detachCard(paymentMethodId: string): Promise<void>;
  /**
   * Checks a webhook request's signature against the configured secret and parses it; throws
   * `PaymentProviderError('invalid_request', …, { code: 'signature_invalid' })` when it does not match.
   */
  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
