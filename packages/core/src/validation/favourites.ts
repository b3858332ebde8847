import { z } from 'zod';
import { FAVOURITES } from '../config/constants.ts';
import { MESSAGES as M } from './messages.ts';
import { form, uuid } from './shared.ts';

/** Request schemas of the favourites API. */

/** `PUT|DELETE /api/favourites/:listingId`. */
export const favouriteParamsSchema = form({ listingId: uuid() });

/** `GET /api/favourites?page=N`. */
export const favouritesQuerySchema = form({
  page: z.coerce
    .number({ error: M.numberInvalid })
    .int({ error: M.numberInvalid })
    .min(1, { error: M.numberInvalid })
    .max(10_000, { error: M.numberInvalid })
    .default(1),
});

/** `GET /api/favourites/ids?listingIds=a,b,c`: one to FAVOURITES.idsQueryMax listing ids, comma-separated. */
export const favouriteIdsQuerySchema = form({
  listingIds: z
    .string({ error: M.uuidInvalid })
    .max(FAVOURITES.idsQueryMax * 37, { error: M.uuidInvalid })
    .transform((value) => value.split(','))
    .pipe(
      z.array(uuid()).min(1, { error: M.uuidInvalid }).max(FAVOURITES.idsQueryMax, { error: M.uuidInvalid }),
    ),
});
