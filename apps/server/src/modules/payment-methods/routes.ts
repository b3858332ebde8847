import { paymentMethodBodySchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimit, RateLimiter } from '../../http/rate-limit.ts';
import { requireViewer } from '../../http/viewer.ts';
import type { PaymentMethodsService } from './service.ts';

/** Setting up and saving cards makes objects with the provider: a person's attempts are limited. */
export const PAYMENT_METHOD_CHANGES_PER_ACCOUNT: RateLimit = {
  name: 'payment-methods:account',
  max: 30,
  windowSeconds: 60 * 60,
};

const cardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  expired: z.boolean(),
});

/**
 * The payment methods API (spec part 2 §7, payment method calls): the signed-in person's saved
 * card. No route takes a customer id: nobody can name someone else's.
 */
export const paymentMethodRoutes: FastifyPluginAsyncZod<{
  service: PaymentMethodsService;
  limiter: RateLimiter;
}> = async (app, { service, limiter }) => {
  const tags = ['payment-methods'];
  app.addHook('preValidation', async (request) => {
    requireViewer(request);
  });

  app.get(
    '/api/payment-methods',
    {
      schema: {
        tags,
        summary: 'Your saved card (null without one), with whether it has expired',
        response: { 200: z.object({ card: cardSchema.nullable() }) },
      },
    },
    async (request) => ({ card: await service.card(requireViewer(request).id) }),
  );

  app.post(
    '/api/payment-methods/setup-intent',
    {
      schema: {
        tags,
        summary: 'A setup intent for the browser to confirm a new card with',
        response: { 200: z.object({ clientSecret: z.string() }) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      await limiter.hit(PAYMENT_METHOD_CHANGES_PER_ACCOUNT, viewer.id);
      return service.setupIntent(viewer.id);
    },
  );

  app.post(
    '/api/payment-methods',
    {
      schema: {
        tags,
        summary: 'Save a confirmed card as your one card (replacing the one you had)',
        body: paymentMethodBodySchema,
        response: { 200: z.object({ card: cardSchema }) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      await limiter.hit(PAYMENT_METHOD_CHANGES_PER_ACCOUNT, viewer.id);
      return { card: await service.save(viewer.id, request.body.paymentMethodId) };
    },
  );

  app.delete(
    '/api/payment-methods/default',
    { schema: { tags, summary: 'Remove your saved card' } },
    async (request, reply) => {
      await service.remove(requireViewer(request).id);
      return reply.status(204).send();
    },
  );
};
