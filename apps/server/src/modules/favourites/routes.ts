import { favouriteIdsQuerySchema, favouriteParamsSchema, favouritesQuerySchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors.ts';
import { requireViewer } from '../../http/viewer.ts';
import { listingCardViewSchema, paginationMetaSchema } from '../listings/response-schemas.ts';
import type { FavouritesService } from './service.ts';

/** A signed-in person's favourite listings (issue 10): add, remove, the list and which of some ids. */
export const favouriteRoutes: FastifyPluginAsyncZod<{ service: FavouritesService }> = async (
  app,
  { service },
) => {
  const tags = ['favourites'];

  app.put(
    '/api/favourites/:listingId',
    {
      schema: {
        tags,
        summary: 'Add a listing to the viewer’s favourites (idempotent)',
        description:
          'Published and closed listings only, the viewer’s own included: 404 `not-found` for an ' +
          'unknown listing or one in another state. 409 `favourites-limit-reached` (meta.max) when ' +
          'the viewer already keeps 1000. 401 for visitors.',
        params: favouriteParamsSchema,
        response: {
          204: z.null(),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await service.add(requireViewer(request), request.params.listingId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/favourites/:listingId',
    {
      schema: {
        tags,
        summary: 'Remove a listing from the viewer’s favourites (idempotent)',
        params: favouriteParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await service.remove(requireViewer(request), request.params.listingId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/favourites',
    {
      schema: {
        tags,
        summary: 'The viewer’s favourite listings as cards, newest favourite first, 24 a page',
        description: 'Only listings everyone may see (published or closed); the others are left out.',
        querystring: favouritesQuerySchema,
        response: {
          200: z.object({ data: z.array(listingCardViewSchema), meta: paginationMetaSchema }),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => service.page(requireViewer(request), request.query.page),
  );

  app.get(
    '/api/favourites/ids',
    {
      schema: {
        tags,
        summary: 'Which of the given listings (comma-separated, at most 100) the viewer has favourited',
        querystring: favouriteIdsQuerySchema,
        response: { 200: z.object({ data: z.array(z.uuid()) }), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await service.among(requireViewer(request), request.query.listingIds) }),
  );
};
