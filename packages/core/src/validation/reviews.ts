import { z } from 'zod';
import { REVIEWS } from '../config/constants.ts';
import { REVIEW_TYPES } from '../reviews/reviews.ts';
import { MESSAGES as M } from './messages.ts';
import { form, uuid } from './shared.ts';

const positiveInt = (max: number, fallback: number) =>
  z.coerce
    .number({ error: M.numberInvalid })
    .int({ error: M.numberInvalid })
    .min(1, { error: M.numberInvalid })
    .max(max, { error: M.numberInvalid })
    .default(fallback);

/**
 * `GET /api/reviews?listingId=` (the listing's reviews: its customers' reviews of the host) or
 * `?subjectId=&type=ofProvider|ofCustomer` (a person's): exactly one of the two.
 */
export const reviewsQuerySchema = form({
  listingId: uuid().optional(),
  subjectId: uuid().optional(),
  type: z.enum(REVIEW_TYPES, { error: M.invalid }).optional(),
  page: positiveInt(10_000, 1),
  perPage: positiveInt(REVIEWS.perPageMax, REVIEWS.perPage),
}).refine((query) => (query.listingId === undefined) !== (query.subjectId === undefined), {
  error: M.invalid,
  path: ['listingId'],
});
