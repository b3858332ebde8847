import { LIMITS } from '@hora/core/config';
import type { LISTING_IMAGE_VARIANTS } from '@hora/core/listing';
import { listingImageOrderSchema, listingImageUploadSchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImageStorage } from '../../adapters/storage/index.ts';
import type { Database } from '../../db/client.ts';
import { apiErrorSchema } from '../../http/errors.ts';
import { requireViewer } from '../../http/viewer.ts';
import { LISTING_IMAGE_VARIANT_NAMES } from './listing-image-variants.ts';
import { listingImagesService } from './listing-images-service.ts';
import { readImageFile, registerImageUploads, streamedBodyWithParams } from './upload-body.ts';

export interface ListingImageRoutesOptions {
  db: Database;
  storage: ImageStorage;
}

const imageVariantSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  webp: z.string().describe('URL of the WebP file'),
  jpeg: z.string().describe('URL of the JPEG fallback'),
});

/** `ListingImageView` of `@hora/core/listing`, for responses (the listings module answers it too). */
export const listingImageViewSchema = z.object({
  id: z.uuid(),
  width: z.number().int().describe('Width of the upload, upright'),
  height: z.number().int().describe('Height of the upload, upright'),
  variants: z
    .object(
      Object.fromEntries(LISTING_IMAGE_VARIANT_NAMES.map((name) => [name, imageVariantSchema])) as Record<
        keyof typeof LISTING_IMAGE_VARIANTS,
        typeof imageVariantSchema
      >,
    )
    .describe('landscape-crop 400×267 and 800×533, square-small 240×240 and 480×480'),
});

const listingParams = z.object({ id: z.uuid() });
const imageParams = z.object({ id: z.uuid(), imageId: z.uuid() });
const oneImage = z.object({ data: listingImageViewSchema });
const orderedImages = z.object({ data: z.array(listingImageViewSchema) });
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const WHO =
  'Only the listing’s author: 401 to a visitor, 403 `forbidden` to anybody else, 404 `not-found` ' +
  'for an unknown listing.';

export const listingImageRoutes: FastifyPluginAsyncZod<ListingImageRoutesOptions> = async (
  app,
  { db, storage },
) => {
  await registerImageUploads(app);
  const service = listingImagesService({ db, storage });

  app.post(
    '/api/own-listings/:id/images',
    {
      schema: {
        tags: ['listings'],
        summary: 'Add a photo to a listing',
        description:
          'One file per request in the `image` field (the browser sends several at once); the photo ' +
          'goes after the others (the first is the cover). The content must be a JPEG, PNG, GIF or ' +
          'WebP: it is re-encoded into the variants in WebP and JPEG, upright, with no metadata. ' +
          `${WHO} 413 \`request-upload-over-limit\` over 20 MB; 409 \`listing-images-over-limit\` past ` +
          `${LIMITS.listingImagesMax} photos; 400 \`validation-invalid-value\` with meta.reason ` +
          '`unsupported-type`, `heic-unsupported`, `too-many-pixels` (over 50 megapixels) or ' +
          '`unreadable`; 400 `validation-invalid-params` without a file. A refused upload stores nothing.',
        consumes: ['multipart/form-data'],
        params: listingParams,
        body: listingImageUploadSchema,
        response: { 201: oneImage, ...refusals, 409: apiErrorSchema, 413: apiErrorSchema },
      },
      validatorCompiler: streamedBodyWithParams,
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { id } = request.params;
      // Before reading up to 20 MB: somebody else's listing is refused at once.
      await service.assertCanAdd(viewer.id, id);
      const file = await readImageFile(app, request);
      const image = await service.add({ viewerId: viewer.id, listingId: id, file });
      return reply.code(201).send({ data: image });
    },
  );

  app.delete(
    '/api/own-listings/:id/images/:imageId',
    {
      schema: {
        tags: ['listings'],
        summary: 'Remove a photo of a listing',
        description: `Answers the remaining photos in order (the next one becomes the cover). ${WHO}`,
        params: imageParams,
        response: { 200: orderedImages, ...refusals },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { id, imageId } = request.params;
      const images = await service.remove({ viewerId: viewer.id, listingId: id, imageId, log: request.log });
      return { data: images };
    },
  );

  app.put(
    '/api/own-listings/:id/images/order',
    {
      schema: {
        tags: ['listings'],
        summary: 'Reorder the photos of a listing',
        description:
          '`imageIds` names every photo of the listing once, the cover first; anything else is ' +
          `refused with 400 \`validation-invalid-value\` (meta.reason \`image-set-mismatch\`). ${WHO}`,
        params: listingParams,
        body: listingImageOrderSchema,
        response: { 200: orderedImages, ...refusals },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const images = await service.reorder({
        viewerId: viewer.id,
        listingId: request.params.id,
        imageIds: request.body.imageIds,
      });
      return { data: images };
    },
  );
};
