import { searchRequestSchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors.ts';
import { listingCardViewSchema, paginationMetaSchema } from '../listings/response-schemas.ts';
import type { SearchService } from './service.ts';

/** The listing search: anyone may ask, visitors and users alike. */
export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  app.get(
    '/api/listings',
    {
      schema: {
        tags: ['search'],
        summary: 'Search published listings (map box, keywords, categories, price, people, free time)',
        description:
          '`bounds` is neLat,neLng,swLat,swLng (a west edge east of the east edge crosses the ' +
          'antimeridian); `price` is min,max in whole euros; `dates` is start,end (YYYY-MM-DD) and ' +
          '`times` HH:MM,HH:MM, both read in each listing’s time zone; a listing matches dates when ' +
          'it has a bookable stretch of at least `minDuration` minutes inside them. Keywords sort ' +
          'by relevance. A bad or oversized parameter is a 400 naming its field; `dates` spans at most 90 ' +
          'days. A search that runs past its time limit is a 503 `search-too-broad`.',
        querystring: searchRequestSchema,
        response: {
          200: z.object({ data: z.array(listingCardViewSchema), meta: paginationMetaSchema }),
          400: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => service.search(request.query),
  );
};
