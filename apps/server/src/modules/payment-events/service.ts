import type { PaymentEvent } from '../../adapters/payments/index.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { paymentEventsRepository } from './repository.ts';

/** What acts on a provider event: the transaction engine's `createPaymentEventHandler(deps)`. */
export interface PaymentEventHandler {
  handle(event: PaymentEvent): Promise<void>;
}

export interface PaymentEventReceiver {
  /**
   * Hands a verified event to the handler once: 'duplicate' (and nothing done) when it was
   * handled before, 'in-progress' when another delivery of it is being handled right now.
   */
  receive(event: PaymentEvent): Promise<'handled' | 'duplicate' | 'in-progress'>;
}

/** How long a claim holds before another delivery may take the event over (its process died). */
export const PAYMENT_EVENT_CLAIM_MS = 5 * 60 * 1000;

/**
 * Each event is handled once, whichever way it arrives (Stripe's webhook, retried until answered;
 * the sandbox's in-process delivery). The event's row is claimed in one statement before the
 * handler runs and marked handled after it; no transaction stays open meanwhile, so a burst of
 * webhooks cannot hold the pool's connections the handlers need. A handler failure removes the
 * claim, so the provider's retry handles the event again.
 */
export function paymentEventReceiver(deps: {
  db: Database;
  clock: Clock;
  handler: PaymentEventHandler;
}): PaymentEventReceiver {
  const events = paymentEventsRepository(deps.db);
  return {
    async receive(event) {
      const now = deps.clock.now();
      const claimed = await events.claim(
        { id: event.id, type: event.type, objectId: event.objectId },
        now,
        new Date(now.getTime() - PAYMENT_EVENT_CLAIM_MS),
      );
      if (!claimed) return (await events.isHandled(event.id)) ? 'duplicate' : 'in-progress';
      try {
        await deps.handler.handle(event);
      } catch (error) {
        await events.release(event.id);
        throw error;
      }
      await events.markHandled(event.id, deps.clock.now());
      return 'handled';
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
