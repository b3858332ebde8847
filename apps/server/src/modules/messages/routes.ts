import { messagePageQuerySchema, sendMessageSchema, transactionParamsSchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors.ts';
import type { RateLimit, RateLimiter } from '../../http/rate-limit.ts';
import { requireViewer } from '../../http/viewer.ts';
import type { MessagesService } from './service.ts';

/** A person in a lively conversation writes a message every few seconds at most; a script more. */
export const MESSAGES_PER_USER: RateLimit = { name: 'messages:user', max: 20, windowSeconds: 60 };
export const MESSAGES_PER_USER_HOUR: RateLimit = {
  name: 'messages:user:hour',
  max: 200,
  windowSeconds: 3600,
};

export const messageViewSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** Issue 12: the price offer or answer the message is (decision 0042); null for a typed message. */
  offer: z
    .object({
      kind: z.enum(['offered', 'accepted', 'declined']),
      price: z.object({ amount: z.number().int(), currency: z.string() }),
    })
    .nullable(),
});

/** The conversation of a transaction (issue 12). Only its two parties: others and unknown ids 404. */
export const messageRoutes: FastifyPluginAsyncZod<{
  service: MessagesService;
  limiter: RateLimiter;
}> = async (app, { service, limiter }) => {
  const tags = ['messages'];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/api/transactions/:id/messages',
    {
      schema: {
        tags,
        summary: 'A page of the conversation (100 a page; page 1 is the newest, each page oldest first)',
        params: transactionParamsSchema,
        querystring: messagePageQuerySchema,
        response: {
          200: z.object({
            data: z.array(messageViewSchema),
            meta: z.object({
              page: z.number(),
              perPage: z.number(),
              totalItems: z.number(),
              totalPages: z.number(),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) => service.list(requireViewer(request), request.params.id, request.query.page),
  );

  app.post(
    '/api/transactions/:id/messages',
    {
      schema: {
        tags,
        summary: 'Send a message to the other party',
        description:
          'The text is trimmed, required and at most 5000 characters (400 `validation-invalid-params` with the ' +
          'field’s message key). 403 `transaction-messaging-not-allowed` when either party is banned or ' +
          'deleted; 429 `rate-limited` past 20 a minute or 200 an hour per person.',
        params: transactionParamsSchema,
        body: sendMessageSchema,
        response: {
          201: z.object({ message: messageViewSchema }),
          ...errors,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await limiter.hit(MESSAGES_PER_USER, viewer.id);
      await limiter.hit(MESSAGES_PER_USER_HOUR, viewer.id);
      const answer = await service.send(viewer, request.params.id, request.body.content);
      return reply.status(201).send(answer);
    },
  );
};
