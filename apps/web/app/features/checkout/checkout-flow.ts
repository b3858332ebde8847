import type { TransactionView } from '@hora/core/transactions';
import type { CardResult, CardSource } from '../payments/card-payments.tsx';
import { type BookingRequest, type CheckoutApi, newIdempotencyKey } from './checkout-api.ts';
import { type CheckoutError, initiateErrorOf, processorMessageOf } from './checkout-errors.ts';

/**
 * The checkout's payment, step by step (spec part 1 §2 checkout, part 2 §8.2 payment):
 * 1. the booking request (`POST /api/transactions`), which holds the seats and opens the
 *    payment intent with its 15-minute window;
 * 2. the card's confirmation in the browser (the authentication step's dialog when asked);
 * 3. the `confirm-payment` transition;
 * 4. saving the card when asked (a failure there leaves the booking standing).
 * The attempt remembers what is done, so a declined card is retried on the same transaction and
 * a failed step 3 alone is retried; each request keeps its idempotency key until the server
 * gives a definite answer, so a retry after a lost answer never books twice.
 */
export interface PaymentAttempt {
  requestKey: string;
  confirmKey: string;
  transaction: TransactionView | null;
  clientSecret: string | null;
  /** When the payment window closes, on this browser's clock (ms). */
  deadline: number | null;
  /** The card the processor confirmed (saved afterwards when asked). */
  paymentMethodId: string | null;
}

export function newAttempt(key: () => string = newIdempotencyKey): PaymentAttempt {
  return {
    requestKey: key(),
    confirmKey: key(),
    transaction: null,
    clientSecret: null,
    deadline: null,
    paymentMethodId: null,
  };
}

export type PaymentOutcome =
  | { kind: 'error'; error: CheckoutError }
  | { kind: 'card-failed'; card: Extract<CardResult, { ok: false }> }
  | { kind: 'payment-failed'; processorMessage: string | null }
  | { kind: 'confirm-failed' }
  | { kind: 'expired' }
  | { kind: 'done'; transactionId: string; saveCardFailed: boolean };

export interface PaymentDeps {
  api: CheckoutApi;
  confirmCardPayment(clientSecret: string, source: CardSource): Promise<CardResult>;
  /** This browser's clock (ms). */
  now(): number;
  newKey?: () => string;
}

export interface PaymentInput {
  request: BookingRequest;
  source: CardSource;
}

type Step = { attempt: PaymentAttempt; outcome: PaymentOutcome };

/**
 * The window's end on this browser's clock: the server gives both instants on its own clock
 * (a test clock, another machine's), so only their difference is taken.
 */
export function windowDeadline(transaction: TransactionView, receivedAt: number): number | null {
  const expiresAt = transaction.payment.expiresAt;
  if (!expiresAt) return null;
  return receivedAt + (Date.parse(expiresAt) - Date.parse(transaction.lastTransitionedAt));
}

export async function pay(attempt: PaymentAttempt, input: PaymentInput, deps: PaymentDeps): Promise<Step> {
  const key = deps.newKey ?? newIdempotencyKey;
  let current = attempt;
  if (!current.transaction) {
    const answer = await deps.api.requestBooking(input.request, current.requestKey);
    if (!answer.ok) {
      // No answer: the same key again next time (the server may have booked). An answer: a new attempt.
      if (answer.status === 0) return { attempt: current, outcome: { kind: 'error', error: 'network' } };
      return {
        attempt: { ...current, requestKey: key() },
        outcome: { kind: 'error', error: initiateErrorOf(answer.body) },
      };
    }
    const transaction = answer.data.transaction;
    current = {
      ...current,
      transaction,
      clientSecret: transaction.payment.clientSecret,
      deadline: windowDeadline(transaction, deps.now()),
    };
  }
  if (current.deadline !== null && deps.now() >= current.deadline) {
    return { attempt: current, outcome: { kind: 'expired' } };
  }
  if (!current.clientSecret)
    return { attempt: current, outcome: { kind: 'error', error: 'paymentRequestFailed' } };
  const card = await deps.confirmCardPayment(current.clientSecret, input.source);
  if (!card.ok) return { attempt: current, outcome: { kind: 'card-failed', card } };
  current = { ...current, paymentMethodId: card.paymentMethodId };
  return confirmBooking(current, input, deps);
}

/** Step 3 (and 4): also what "retry" runs after the card was charged but the booking not confirmed. */
export async function confirmBooking(
  attempt: PaymentAttempt,
  input: PaymentInput,
  deps: PaymentDeps,
): Promise<Step> {
  const key = deps.newKey ?? newIdempotencyKey;
  const transaction = attempt.transaction;
  if (!transaction) return { attempt, outcome: { kind: 'error', error: 'paymentRequestFailed' } };
  const answer = await deps.api.confirmPayment(transaction.id, attempt.confirmKey);
  if (!answer.ok && !(answer.status === 409 && (await confirmedMeanwhile(deps.api, transaction.id)))) {
    if (answer.status === 402) {
      return {
        attempt: { ...attempt, confirmKey: key() },
        outcome: { kind: 'payment-failed', processorMessage: processorMessageOf(answer.body) },
      };
    }
    if (attempt.deadline !== null && deps.now() >= attempt.deadline) {
      return { attempt, outcome: { kind: 'expired' } };
    }
    return { attempt, outcome: { kind: 'confirm-failed' } };
  }
  let saveCardFailed = false;
  if (input.request.saveCard && input.source.kind === 'new' && attempt.paymentMethodId) {
    saveCardFailed = !(await deps.api.saveCard(attempt.paymentMethodId)).ok;
  }
  return { attempt, outcome: { kind: 'done', transactionId: transaction.id, saveCardFailed } };
}

/**
 * The payment provider's event (Stripe's webhook, the sandbox's own) runs confirm-payment for the
 * customer as soon as the card is authorised, so the customer's own call may find it done (409):
 * the booking is confirmed when the transaction has moved past the payment step.
 */
async function confirmedMeanwhile(api: CheckoutApi, transactionId: string): Promise<boolean> {
  const current = await api.show(transactionId);
  return current.ok && current.data.transaction.transitions.some((t) => t.transition === 'confirm-payment');
}
