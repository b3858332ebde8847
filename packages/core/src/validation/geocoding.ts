import { z } from 'zod';
import { GEOCODER, MARKETPLACE } from '../config/constants.ts';
import { MESSAGES as M } from './messages.ts';
import { form, requiredString } from './shared.ts';

/** At most this many characters are sent to the geocoder: no place name is longer. */
export const PLACE_QUERY_MAX = GEOCODER.queryMaxLength;

/**
 * `GET /api/geocoding/predictions?q=&locale=`: what the person typed (1 to 100 characters, trimmed)
 * and the language of the answer (the marketplace's by default).
 */
export const placePredictionsQuerySchema = form({
  q: requiredString(M.required, { max: PLACE_QUERY_MAX }),
  locale: z.enum(['es', 'en'], { error: M.invalid }).default(MARKETPLACE.locale),
});

export type PlacePredictionsQuery = z.output<typeof placePredictionsQuerySchema>;
