import type { ListingCardView } from '@hora/core/listing';
import { SUPPORTED_CURRENCIES } from '@hora/core/money';
import { searchRequestSchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors.ts';
import { listingImageSchema, paginationMetaSchema } from '../listings/response-schemas.ts';
import type { SearchService } from './service.ts';

/** One listing in the results and on the map (core's `ListingCardView`). */
export const listingCardViewSchema: z.ZodType<ListingCardView> = z.object({
  id: z.uuid(),
  title: z.string(),
  price: z.object({ amount: z.number().int(), currency: z.enum(SUPPORTED_CURRENCIES) }).nullable(),
  negotiation: z.enum(['yes', 'no']),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  certificate: z.string().nullable(),
  categories: z.array(z.string()),
  capacity: z.number().int().nullable(),
  geolocation: z.object({ lat: z.number(), lng: z.number() }).nullable().describe('Fuzzy when configured'),
  createdAt: z.string(),
  image: listingImageSchema.nullable().describe('The cover'),
  premium: z.boolean(),
});

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
          'by relevance. A bad or oversized parameter is a 400 naming its field.',
        querystring: searchRequestSchema,
        response: {
          200: z.object({ data: z.array(listingCardViewSchema), meta: paginationMetaSchema }),
          400: apiErrorSchema,
        },
      },
    },
    async (request) => service.search(request.query),
  );
};
