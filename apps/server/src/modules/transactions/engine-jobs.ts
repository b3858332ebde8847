import type { Transaction, TransitionName } from '@hora/core/process';
import type { StoredTransaction } from './repository.ts';

/**
 * The booking engine's contract with its jobs (queue names and payloads), what each transition does
 * with the money, and the core's view of a stored transaction: what the engine, its job handlers,
 * the operator's commands and the tests share (decision 0032).
 */

/** The engine's job queues (names fixed by the contract). */
export const TRANSACTION_JOBS = {
  timer: 'transactions.timer',
  paymentAction: 'transactions.payment-action',
  notify: 'transactions.notify',
  reconcile: 'transactions.reconcile',
  idempotencySweep: 'transactions.idempotency-sweep',
  freeTime: 'transactions.free-time',
} as const;

/** `transactions.free-time`: the listing whose search free time a booking changed (decision 0065). */
export interface FreeTimeJob {
  listingId: string;
}

export type PaymentAction = 'capture' | 'cancel' | 'refund' | 'transfer';

/**
 * What each transition does with the customer's money, acted on by the `transactions.payment-action`
 * job after the transition committed: capture at accept; the authorisation released when the host
 * declines, the request expires or the payment window closes; the captured money given back at the
 * operator's cancel; the host's payout at complete (with a destination charge the capture already
 * routed it, and the job only records that).
 */
export const PAYMENT_ACTIONS: Partial<Record<TransitionName, PaymentAction>> = {
  accept: 'capture',
  decline: 'cancel',
  expire: 'cancel',
  'expire-payment': 'cancel',
  cancel: 'refund',
  complete: 'transfer',
};

export interface TimerJob {
  transactionId: string;
  transition: TransitionName;
}
export interface PaymentActionJob {
  transactionId: string;
  transition: TransitionName;
  action: PaymentAction;
}
export interface NotifyJob {
  transactionId: string;
  transition: TransitionName;
}
/**
 * A new message of the conversation, on the same `transactions.notify` queue (every process that
 * records transitions declares it): the other party's email and SMS, throttled (decision 0041).
 */
export interface MessageNotifyJob {
  transactionId: string;
  messageId: string;
}

/** The notify job of a message, queued in the transaction that stores the message. */
export function messageNotifyJob(transactionId: string, messageId: string) {
  return {
    name: TRANSACTION_JOBS.notify,
    data: { transactionId, messageId } satisfies MessageNotifyJob,
  };
}

/** The core's view of a stored transaction. */
export function toDomain(stored: StoredTransaction): Transaction {
  const { transaction: row, booking, transitions } = stored;
  return {
    id: row.id,
    customerId: row.customerId,
    providerId: row.providerId,
    createdAt: row.createdAt,
    state: row.state,
    lastTransition: row.lastTransition,
    lastTransitionedAt: row.lastTransitionedAt,
    transitions: transitions.map((t) => ({ transition: t.transition, createdAt: t.createdAt, by: t.by })),
    booking: booking ? { start: booking.start, end: booking.end } : null,
  };
}
