import type { PaymentEvent } from '../../adapters/payments/index.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { withTransaction } from '../../db/executor.ts';
import { paymentEventsRepository } from './repository.ts';

/** What acts on a provider event: the transaction engine's `createPaymentEventHandler(deps)`. */
export interface PaymentEventHandler {
  handle(event: PaymentEvent): Promise<void>;
}

export interface PaymentEventReceiver {
  /** Hands a verified event to the handler once: 'duplicate' (and nothing done) when it came before. */
  receive(event: PaymentEvent): Promise<'handled' | 'duplicate'>;
}

/**
 * Each event is handled once, whichever way it arrives (Stripe's webhook, retried until answered;
 * the sandbox's in-process delivery). The event's row is written in a database transaction that
 * stays open while the handler runs: a duplicate arriving meanwhile waits for it and is then
 * recognised; when the handler fails, the row goes with the rollback and the provider's retry
 * handles the event again.
 */
export function paymentEventReceiver(deps: {
  db: Database;
  clock: Clock;
  handler: PaymentEventHandler;
}): PaymentEventReceiver {
  return {
    async receive(event) {
      return withTransaction(deps.db, async (tx) => {
        const claimed = await paymentEventsRepository(tx).claim({
          id: event.id,
          type: event.type,
          objectId: event.objectId,
          receivedAt: deps.clock.now(),
        });
        if (!claimed) return 'duplicate';
        await deps.handler.handle(event);
        return 'handled';
      });
    },
  };
}

/**
 * The handler until the transaction engine's is wired in: it records that the event came (the
 * receiver keeps its id) and logs it, acting on nothing.
 */
export function loggingPaymentEventHandler(log: {
  info(details: object, message: string): void;
}): PaymentEventHandler {
  return {
    async handle(event) {
      log.info(
        { eventId: event.id, eventType: event.type, objectId: event.objectId },
        'payment event received',
      );
    },
  };
}
