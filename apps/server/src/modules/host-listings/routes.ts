import { hostListingsParamsSchema, hostListingsQuerySchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors.ts';
import { listingCardViewSchema, paginationMetaSchema } from '../listings/response-schemas.ts';
import type { HostListingsService } from './service.ts';

/** A person's published listings, for the host section of their public profile (anyone may read). */
export const hostListingsRoutes: FastifyPluginAsyncZod<{ service: HostListingsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/users/:id/listings',
    {
      schema: {
        tags: ['users'],
        summary: 'A person’s published listings as cards, newest first, 12 a page',
        description:
          'Published listings only: drafts, listings waiting for approval and closed ones are left ' +
          'out, for their owner too. 404 `not-found` for an unknown person and for a banned or ' +
          'deleted one, whose profile is not shown either.',
        params: hostListingsParamsSchema,
        querystring: hostListingsQuerySchema,
        response: {
          200: z.object({ data: z.array(listingCardViewSchema), meta: paginationMetaSchema }),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => service.page(request.params.id, request.query.page),
  );
};
