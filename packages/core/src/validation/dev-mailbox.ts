import { z } from 'zod';
import { form } from './shared.ts';

/** `GET /api/dev/mailbox`: a filter form submitted empty sends `to=`, which means no filter. */
export const devMailboxQuerySchema = form({
  to: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(320).optional()),
});
