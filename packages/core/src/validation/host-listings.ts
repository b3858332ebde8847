import { z } from 'zod';
import { MESSAGES as M } from './messages.ts';
import { form, uuid } from './shared.ts';

/** Request schemas of a person's public listings (the host section of their profile). */

/** `GET /api/users/:id/listings`. */
export const hostListingsParamsSchema = form({ id: uuid() });

/** `GET /api/users/:id/listings?page=N`. */
export const hostListingsQuerySchema = form({
  page: z.coerce
    .number({ error: M.numberInvalid })
    .int({ error: M.numberInvalid })
    .min(1, { error: M.numberInvalid })
    .max(10_000, { error: M.numberInvalid })
    .default(1),
});
