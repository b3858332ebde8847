import { z } from 'zod';
import { LIMITS } from '../config/constants.ts';
import { MESSAGES as M } from './messages.ts';
import { form, uuid } from './shared.ts';

/**
 * A listing photo before upload (spec part 2 §5.4: at most 20 MB each): checked in the browser so a
 * wrong file is refused at once instead of after sending 20 MB. The server checks the content again.
 */
export const listingImageFileSchema = form({
  type: z.enum(LIMITS.listingImageTypes, { error: M.listingImageTypeInvalid }),
  size: z
    .number({ error: M.invalid })
    .int({ error: M.invalid })
    .nonnegative({ error: M.invalid })
    .max(LIMITS.imageMaxBytes, { error: M.imageTooLarge }),
});

/**
 * `POST /api/own-listings/:id/images`, for the API document only: the server streams the multipart
 * file and checks its content (one file per request; the browser sends several at once).
 */
export const listingImageUploadSchema = form({
  image: z
    .file()
    .mime([...LIMITS.listingImageTypes])
    .describe(`JPEG, PNG, GIF or WebP, at most ${LIMITS.imageMaxBytes / 1024 / 1024} MB; checked by content`),
});

/** `PUT /api/own-listings/:id/images/order`: every image of the listing, once, cover first. */
export const listingImageOrderSchema = form({
  imageIds: z
    .array(uuid(), { error: M.required })
    .max(LIMITS.listingImagesMax, { error: M.invalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: M.imageIdsDuplicated }),
});
