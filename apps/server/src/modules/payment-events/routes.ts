import { AppError } from '@hora/core/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ChargesPort, PaymentProviderError } from '../../adapters/payments/index.ts';
import type { PaymentEventReceiver } from './service.ts';

/** Stripe's events are a few kilobytes; nothing legitimate comes near this. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Stripe's webhook (spec part 2 §7): the raw body is checked against the Stripe-Signature header
 * with the endpoint's secret (400 when it does not match), then handed on once per event id (a
 * replay answers 200 without a second effect). Not a browser call: no session, no CSRF check, no
 * rate limit that could drop Stripe's retries; only a body limit. A handler failure answers 500,
 * so Stripe tries again later; so does a 409 while another delivery of the same event is
 * being handled.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{
  charges: ChargesPort;
  receiver: PaymentEventReceiver;
}> = async (app, { charges, receiver }) => {
  // This plugin's own JSON parser keeps the bytes: the signature is over the body exactly as sent.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post(
    '/api/payments/webhook',
    {
      config: { csrf: false },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: "Stripe's webhook events (signed with the endpoint's secret)",
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('validation-invalid-params', { title: 'A webhook event is a JSON body' });
      }
      const signature = request.headers['stripe-signature'];
      let event: ReturnType<ChargesPort['verifyEvent']>;
      try {
        event = charges.verifyEvent(request.body, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          throw new AppError('validation-invalid-params', {
            title: 'Invalid webhook signature',
            meta: { reason: 'signature-invalid' },
          });
        }
        throw error;
      }
      const outcome = await receiver.receive(event);
      request.log.info({ eventId: event.id, eventType: event.type, outcome }, 'payment webhook');
      // Another delivery of this event is being handled: Stripe retries this one later.
      if (outcome === 'in-progress') {
        throw new AppError('conflict', {
          title: 'This event is being handled',
          meta: { reason: 'event-in-progress' },
        });
      }
      return { received: true as const, duplicate: outcome === 'duplicate' };
    },
  );
};
