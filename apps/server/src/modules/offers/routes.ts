import { offerAnswerSchema, offerRequestSchema, transactionParamsSchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors.ts';
import type { RateLimit, RateLimiter } from '../../http/rate-limit.ts';
import { requireViewer } from '../../http/viewer.ts';
import type { OffersService } from './service.ts';

/** Offers and answers per person: a negotiation needs a handful; a script sending hundreds is stopped. */
export const OFFERS_PER_USER: RateLimit = { name: 'offers:user', max: 30, windowSeconds: 600 };

const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });
const negotiationSchema = z.object({
  negotiation: z.object({
    negotiable: z.boolean(),
    offers: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['offered', 'accepted', 'declined']),
        price: moneySchema,
        senderId: z.string(),
        createdAt: z.string(),
      }),
    ),
    status: z.enum(['offered', 'accepted', 'declined']).nullable(),
    agreedUnitPrice: moneySchema.nullable(),
    formState: z.enum(['not-sent', 'sent-or-accepted']),
    canOffer: z.boolean(),
    canAnswer: z.boolean(),
  }),
});

/**
 * Price negotiation (issue 12): `GET/POST /api/transactions/:id/offers` and `.../offers/answer`. Only
 * the transaction's two parties (others 404); the provider offers, the customer answers; refusals
 * are 409 `transaction-offer-not-allowed` with `meta.reason`.
 */
export const offerRoutes: FastifyPluginAsyncZod<{ service: OffersService; limiter: RateLimiter }> = async (
  app,
  { service, limiter },
) => {
  const tags = ['transactions'];
  const errors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
    429: apiErrorSchema,
  };

  app.get(
    '/api/transactions/:id/offers',
    {
      schema: {
        tags,
        summary:
          'The negotiation of a transaction: its offers and answers, the agreed price, what the viewer may do',
        params: transactionParamsSchema,
        response: { 200: negotiationSchema, ...errors },
      },
    },
    async (request) => service.show(requireViewer(request), request.params.id),
  );

  app.post(
    '/api/transactions/:id/offers',
    {
      schema: {
        tags,
        summary: 'The provider offers a per-hour price in euros ("25", "25,50" or 25.5)',
        description:
          '409 `transaction-offer-not-allowed` with meta.reason `not-provider`, `not-negotiable`, `not-enquiry`, ' +
          '`party-unavailable`, `offer-open` or `offer-accepted`. 400 `validation-invalid-value` for a price that ' +
          'is not a positive amount of at most 100 000 € with two decimals.',
        params: transactionParamsSchema,
        body: offerRequestSchema,
        response: { 201: negotiationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await limiter.hit(OFFERS_PER_USER, viewer.id);
      return reply.status(201).send(await service.offer(viewer, request.params.id, request.body.price));
    },
  );

  app.post(
    '/api/transactions/:id/offers/answer',
    {
      schema: {
        tags,
        summary: 'The customer accepts or declines the provider’s open offer',
        description:
          '409 `transaction-offer-not-allowed` with meta.reason `not-customer`, `not-enquiry`, `party-unavailable` ' +
          'or `no-open-offer`. An acceptance stores the price: the booking’s line items use it.',
        params: transactionParamsSchema,
        body: offerAnswerSchema,
        response: { 201: negotiationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await limiter.hit(OFFERS_PER_USER, viewer.id);
      return reply.status(201).send(await service.answer(viewer, request.params.id, request.body.answer));
    },
  );
};
