import { REVIEW_STATES, REVIEW_TYPES } from '@hora/core/reviews';
import { reviewSchema, reviewsQuerySchema, transactionParamsSchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors.ts';
import { requireViewer } from '../../http/viewer.ts';
import type { ReviewsService } from './service.ts';

const reviewViewSchema = z.object({
  id: z.string(),
  type: z.enum(REVIEW_TYPES),
  rating: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  author: z.object({
    id: z.string(),
    displayName: z.string(),
    abbreviatedName: z.string(),
    banned: z.boolean(),
    deleted: z.boolean(),
    avatar: z.object({ 'square-small': z.string(), 'square-small2x': z.string() }).nullable(),
  }),
});
const transactionReviewSchema = reviewViewSchema.extend({ state: z.enum(REVIEW_STATES), mine: z.boolean() });

/** Reviews (issue 12): written by a transaction's parties after delivery, read in public once published. */
export const reviewRoutes: FastifyPluginAsyncZod<{ service: ReviewsService }> = async (app, { service }) => {
  const tags = ['reviews'];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

  app.post(
    '/api/transactions/:id/reviews',
    {
      schema: {
        tags,
        summary: 'Review the other party of a delivered booking (runs review-1 or review-2 by the viewer)',
        description:
          'Parties only (others 404). The transition is picked from the state, and review-2 is tried when the ' +
          'other party’s review committed first. 409 `transaction-already-reviewed-by-customer` or ' +
          '`-provider` for a second review by the same party; 409 `transaction-invalid-transition` before ' +
          'delivery or after the review period. The review stays `pending` (its author’s only) until both ' +
          'are in or the period ends.',
        params: transactionParamsSchema,
        body: reviewSchema,
        response: { 201: z.object({ review: transactionReviewSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const review = await service.write(requireViewer(request), request.params.id, request.body);
      return reply.status(201).send({ review });
    },
  );

  app.get(
    '/api/transactions/:id/reviews',
    {
      schema: {
        tags,
        summary:
          'A transaction’s reviews as one of its parties sees them: their own, and the other’s once public',
        params: transactionParamsSchema,
        response: { 200: z.object({ data: z.array(transactionReviewSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await service.ofTransaction(requireViewer(request), request.params.id) }),
  );

  app.get(
    '/api/reviews',
    {
      schema: {
        tags,
        summary:
          'Public reviews of a listing (`listingId`) or of a person (`subjectId` and `type`), newest first',
        description:
          'Exactly one of `listingId` and `subjectId`; `type` (ofProvider, ofCustomer) goes with `subjectId` ' +
          '(default ofProvider). meta has the count and the average rating of all of them.',
        querystring: reviewsQuerySchema,
        response: {
          200: z.object({
            data: z.array(reviewViewSchema),
            meta: z.object({
              page: z.number(),
              perPage: z.number(),
              totalItems: z.number(),
              totalPages: z.number(),
              averageRating: z.number().nullable(),
            }),
          }),
          400: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { listingId, subjectId, type, page, perPage } = request.query;
      return service.page(
        listingId !== undefined
          ? { listingId, page, perPage }
          : { subjectId: subjectId as string, type: type ?? 'ofProvider', page, perPage },
      );
    },
  );
};
