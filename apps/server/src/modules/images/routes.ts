import { avatarUploadSchema } from '@hora/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImageStorage } from '../../adapters/storage/index.ts';
import type { Database } from '../../db/client.ts';
import { apiErrorSchema } from '../../http/errors.ts';
import { requireViewer } from '../../http/viewer.ts';
import { AVATAR_VARIANTS } from './avatar-variants.ts';
import { saveAvatar } from './service.ts';
import { acceptStreamedBody, readImageFile, registerImageUploads } from './upload-body.ts';

export interface AvatarRoutesOptions {
  db: Database;
  storage: ImageStorage;
}

const avatarResponse = z.object({
  image: z.object({
    id: z.uuid(),
    variants: z
      .record(z.enum(AVATAR_VARIANTS), z.string())
      .describe('URL of each square WebP variant: 40, 80, 240 and 480 pixels'),
  }),
});

export const avatarRoutes: FastifyPluginAsyncZod<AvatarRoutesOptions> = async (app, { db, storage }) => {
  await registerImageUploads(app);

  app.post(
    '/api/account/avatar',
    {
      schema: {
        tags: ['account'],
        summary: "Replace the signed-in user's avatar",
        description:
          'Re-encodes the upload into square WebP variants, makes it the profile picture and removes ' +
          'the previous one. Answers 413 `request-upload-over-limit` over 20 MB, 400 ' +
          '`validation-invalid-value` (meta.reason `unsupported-type`) when the content is not a JPEG, ' +
          'PNG or GIF, 400 `validation-invalid-params` without a file, 401 to a visitor, 403 ' +
          '`csrf-failed` to a cross-site request.',
        consumes: ['multipart/form-data'],
        body: avatarUploadSchema,
        response: {
          200: avatarResponse,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
      validatorCompiler: acceptStreamedBody,
    },
    async (request) => {
      const viewer = requireViewer(request);
      const file = await readImageFile(app, request);
      const image = await saveAvatar({ db, storage, userId: viewer.id, file, log: request.log });
      return { image };
    },
  );
};
