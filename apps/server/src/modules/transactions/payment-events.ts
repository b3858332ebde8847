import { AppError } from '@hora/core/errors';
import type { Logger } from 'pino';
import type { ChargesPort, PaymentEvent } from '../../adapters/payments/charges-port.ts';
import type { TransactionEngine } from './engine.ts';

export interface PaymentEventHandler {
  handle(event: PaymentEvent): Promise<void>;
}

/**
 * What the engine does with the payment provider's events (the payments branch's webhook route calls
 * it after checking the signature and setting replays aside). `amount_capturable_updated`: the card
 * was authorised in the browser, so confirm-payment runs for the customer if the transaction still
 * waits for it and the intent holds exactly the payin total. Replays and late events change nothing:
 * the transition is refused once it ran, and a payment that arrives after the window closed is
 * released by the expire-payment job (which reads the intent afresh) or the reconciler.
 */
export function createPaymentEventHandler(deps: {
  engine: TransactionEngine;
  charges: ChargesPort;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}): PaymentEventHandler {
  const { engine, charges, logger } = deps;
  return {
    async handle(event) {
      const transactionId = event.metadata.transactionId;
      if (!event.type.startsWith('payment_intent.') || !transactionId) return;
      const stored = await engine.repository.find(transactionId);
      if (!stored || stored.transaction.paymentIntentId !== event.objectId) {
        logger.warn(
          { eventId: event.id, type: event.type, transactionId },
          'payment event for no known intent',
        );
        return;
      }
      const row = stored.transaction;
      if (event.type === 'payment_intent.amount_capturable_updated') {
        if (row.state !== 'pending-payment') {
          logger.info(
            { eventId: event.id, transactionId, state: row.state },
            'authorisation after the payment step',
          );
          return;
        }
        const intent = await charges.retrievePaymentIntent(event.objectId);
        if (intent.status !== 'requires_capture' || intent.amountCapturable !== row.payinTotal) {
          logger.warn(
            { eventId: event.id, transactionId, status: intent.status, amount: intent.amountCapturable },
            'authorisation does not match the transaction',
          );
          return;
        }
        try {
          await engine.decide({ transactionId, transition: 'confirm-payment', actor: 'customer' });
          logger.info({ eventId: event.id, transactionId }, 'payment confirmed by the provider’s event');
        } catch (error) {
          // The customer's own confirm-payment ran first (or the window closed): nothing to do.
          if (error instanceof AppError && error.code === 'transaction-invalid-transition') return;
          throw error;
        }
        return;
      }
      if (event.type === 'payment_intent.payment_failed') {
        logger.info({ eventId: event.id, transactionId }, 'card payment failed');
        return;
      }
      // canceled, succeeded and the rest: remember what the provider says; the reconciler acts on it.
      const intent = await charges.retrievePaymentIntent(event.objectId);
      await engine.repository.setIntentStatus(transactionId, intent.status);
    },
  };
}
