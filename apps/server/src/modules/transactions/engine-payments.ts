/**
 * The engine's side of the money: the payment intent a request is paid with, and the payment
 * action each transition calls for, run once by its job.
 */
import { money } from '@hora/core/money';
import type { PaymentIntent } from '../../adapters/payments/charges-port.ts';
import type { EngineContext } from './engine-context.ts';
import type { PaymentActionJob } from './engine-jobs.ts';
import { faultPoint } from './faults.ts';
import type { StoredTransaction, TransactionRow } from './repository.ts';

/** What a payment intent is created from: a transaction's row, written or about to be. */
export type IntentParameters = Pick<
  TransactionRow,
  | 'id'
  | 'state'
  | 'payinTotal'
  | 'payoutTotal'
  | 'transferDestination'
  | 'currency'
  | 'paymentCustomerId'
  | 'paymentMethodId'
  | 'saveCard'
>;

/**
 * The price and payee of a transaction that was asked to be paid. Only an enquiry has none (the
 * database's `transactions_priced_check` holds every other state to it), and no payment step runs
 * for an enquiry: finding none here is a broken invariant, not a user's mistake.
 */
function priceOf(row: IntentParameters): {
  payinTotal: number;
  payoutTotal: number;
  transferDestination: string;
} {
  const { payinTotal, payoutTotal, transferDestination } = row;
  if (payinTotal === null || payoutTotal === null || transferDestination === null) {
    throw new Error(`Transaction ${row.id} (${row.state}) has no price to charge or pay out`);
  }
  return { payinTotal, payoutTotal, transferDestination };
}

export function paymentActions(context: EngineContext) {
  const { clock, logger, payments, repository } = context;

  /**
   * A payment intent for the transaction `row` describes, with the idempotency key
   * `${transactionId}:request-payment` and the parameters stored at the request, so a replay is
   * answered with the same intent and never a second one. The row need not be written yet: a booking
   * paid with a new card creates its intent before its writes (decision 0064).
   */
  async function createIntent(row: IntentParameters): Promise<PaymentIntent> {
    const price = priceOf(row);
    const intent = await payments().createPaymentIntent({
      idempotencyKey: `${row.id}:request-payment`,
      amount: money(price.payinTotal, row.currency),
      applicationFee: money(price.payinTotal - price.payoutTotal, row.currency),
      transferDestination: price.transferDestination,
      customerId: row.paymentCustomerId,
      paymentMethodId: row.paymentMethodId,
      saveCard: row.saveCard,
      metadata: { transactionId: row.id },
    });
    faultPoint('initiate:after-intent');
    return intent;
  }

  /**
   * The transaction's payment intent: the stored one, or created (or, after a crash between the
   * provider's answer and our write, found again) by `createIntent`. With `record: false` the caller
   * stores the new intent (a crash before it does is the same as one right after the provider answered).
   */
  async function ensureIntent(
    stored: StoredTransaction,
    options: { record?: boolean } = {},
  ): Promise<PaymentIntent> {
    const row = stored.transaction;
    if (row.paymentIntentId) return payments().retrievePaymentIntent(row.paymentIntentId);
    const intent = await createIntent(row);
    // `record: false`: the caller stores it with its own write (the request's answer, decision 0036).
    if (options.record !== false) await repository.setIntent(row.id, intent.id, intent.status);
    return intent;
  }

  /**
   * Cancels an intent created for a request that wrote nothing (the time was taken, the key was
   * used by another request): its secret never reached the customer, so it can hold no money; this
   * only tidies the provider's list, and a failure is logged, not thrown.
   */
  async function discardIntent(transactionId: string, intentId: string): Promise<void> {
    try {
      await payments().cancelPaymentIntent(intentId, {
        idempotencyKey: `${transactionId}:request-payment:discard`,
      });
    } catch (error) {
      logger.warn({ transactionId, intentId, err: error }, 'unused payment intent not canceled');
    }
  }

  /**
   * Moves the money a transition calls for, once: the outcome is recorded per (transaction,
   * transition, action) and checked first; the provider call carries the idempotency key
   * `${transactionId}:${transition}:${action}`, so a run repeated after a crash between the call and
   * the record is answered with the first result.
   */
  async function act(job: PaymentActionJob): Promise<string> {
    const charges = payments();
    const done = await repository.payment(job.transactionId, job.transition, job.action);
    if (done) return done.outcome;
    const stored = await repository.find(job.transactionId);
    if (!stored) return 'missing';
    const row = stored.transaction;
    const key = `${row.id}:${job.transition}:${job.action}`;
    const record = async (outcome: string, providerObjectId: string | null, amount: number) => {
      await repository.recordPayment({
        transactionId: row.id,
        transition: job.transition,
        action: job.action,
        providerObjectId,
        amount,
        currency: row.currency,
        outcome,
        createdAt: clock.now(),
      });
      logger.info(
        { transactionId: row.id, transition: job.transition, action: job.action, outcome },
        'payment action',
      );
      return outcome;
    };

    if (job.action === 'transfer') {
      const price = priceOf(row);
      // A destination charge paid the host's account at capture, minus our fee.
      if (price.transferDestination && stored.transitions.some((t) => t.transition === 'accept')) {
        const capture = await repository.payment(row.id, 'accept', 'capture');
        if (capture?.outcome !== 'captured') throw new Error('Payout before the capture was recorded');
        return record('routed-at-capture', price.transferDestination, price.payoutTotal);
      }
      const transfer = await charges.createTransfer({
        idempotencyKey: key,
        amount: money(price.payoutTotal, row.currency),
        destination: price.transferDestination,
        metadata: { transactionId: row.id },
      });
      return record('transferred', transfer.id, price.payoutTotal);
    }

    // Releases and refunds also cover an intent created but never stored (a crash right after the
    // provider answered): the same idempotency key finds it again.
    if (!row.paymentIntentId && job.action !== 'capture') {
      if (row.state === 'pending-payment') throw new Error('Payment release before the transition committed');
      const intent = await ensureIntent(stored);
      stored.transaction = { ...row, paymentIntentId: intent.id };
    }
    const intentId = stored.transaction.paymentIntentId;
    if (!intentId) throw new Error(`Transaction ${row.id} has no payment intent to ${job.action}`);
    const intent = await charges.retrievePaymentIntent(intentId);

    if (job.action === 'capture') {
      if (intent.status === 'succeeded') return record('captured', intent.id, intent.amountReceived);
      if (intent.status !== 'requires_capture') {
        await repository.setIntentStatus(row.id, intent.status);
        logger.error(
          { transactionId: row.id, status: intent.status },
          'capture impossible: intent not authorised',
        );
        return record(`capture-failed:${intent.status}`, intent.id, 0);
      }
      const captured = await charges.capturePaymentIntent(intent.id, { idempotencyKey: key });
      await repository.setIntentStatus(row.id, captured.status);
      return record('captured', captured.id, captured.amountReceived);
    }

    // cancel and refund: whatever the intent's state, the customer ends without the money.
    if (intent.status === 'canceled') {
      await repository.setIntentStatus(row.id, intent.status);
      return record('canceled', intent.id, 0);
    }
    if (intent.status === 'succeeded') {
      const refund = await charges.refundPaymentIntent(intent.id, { idempotencyKey: `${key}:refund` });
      await repository.setIntentStatus(row.id, 'refunded');
      return record('refunded', refund.id, refund.amount.amount);
    }
    const canceled = await charges.cancelPaymentIntent(intent.id, { idempotencyKey: `${key}:cancel` });
    await repository.setIntentStatus(row.id, canceled.status);
    return record('canceled', canceled.id, intent.amountCapturable);
  }

  return { createIntent, ensureIntent, discardIntent, act };
}
