import { placePredictionsQuerySchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../http/errors.ts';
import { clientKey, type RateLimit, type RateLimiter } from '../../http/rate-limit.ts';
import type { GeocodingService } from './service.ts';

/**
 * Typing sends at most about three requests a second (300 ms debounce); a person searching hard
 * stays far below this, a script scraping the geocoder (or spending a paid one) does not.
 */
export const PREDICTIONS_PER_IP: RateLimit = { name: 'geocoding:ip', max: 120, windowSeconds: 60 };

/**
 * Predictions are the same for everyone who types the same text and change only when the data
 * does: browsers and shared caches may keep them for a while (a visitor going back over what they
 * typed asks again for free), unlike the API's answers about a person, which are `no-store`.
 */
export const PREDICTIONS_CACHE_CONTROL = 'public, max-age=600';

const latLngSchema = z.object({ lat: z.number(), lng: z.number() });
const placeSchema = z.object({
  id: z.string(),
  address: z.string(),
  origin: latLngSchema,
  bounds: z.object({ ne: latLngSchema, sw: latLngSchema }),
  type: z.string(),
  countryCode: z.string(),
});

export const geocodingRoutes: FastifyPluginAsyncZod<{
  service: GeocodingService;
  limiter: RateLimiter;
}> = async (app, { service, limiter }) => {
  app.get(
    '/api/geocoding/predictions',
    {
      schema: {
        tags: ['geocoding'],
        summary: 'Places for what a person typed in a location box',
        description:
          'At most five places, best first, named in `locale`. The offline gazetteer matches the start ' +
          'of names regardless of case and accents; parts after a comma narrow to a city, region or ' +
          'country. 503 `geocoder-unavailable` when an external geocoder does not answer.',
        querystring: placePredictionsQuerySchema,
        response: { 200: z.object({ data: z.array(placeSchema) }), 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await limiter.hit(PREDICTIONS_PER_IP, clientKey(request.ip));
      const data = await service.predictions(request.query);
      reply.header('cache-control', PREDICTIONS_CACHE_CONTROL);
      return { data };
    },
  );
};
