import multipart from '@fastify/multipart';
import { LIMITS } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import { avatarUploadSchema } from '@hora/core/validation';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImageStorage } from '../../adapters/storage/index.ts';
import type { Database } from '../../db/client.ts';
import { apiErrorSchema } from '../../http/errors.ts';
import { requireViewer } from '../../http/viewer.ts';
import { AVATAR_VARIANTS } from './avatar-variants.ts';
import { uploadOverLimit } from './process-avatar.ts';
import { saveAvatar } from './service.ts';

export interface AvatarRoutesOptions {
  db: Database;
  storage: ImageStorage;
}

const FIELD = 'image' satisfies keyof typeof avatarUploadSchema.shape;

const avatarResponse = z.object({
  image: z.object({
    id: z.uuid(),
    variants: z
      .record(z.enum(AVATAR_VARIANTS), z.string())
      .describe('URL of each square WebP variant: 40, 80, 240 and 480 pixels'),
  }),
});

/** The body is a multipart stream read in the handler; there is nothing to validate beforehand. */
const acceptStreamedBody: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

function missingFile(): AppError {
  return new AppError('validation-invalid-params', {
    title: `Expected a multipart/form-data body with one file in the "${FIELD}" field`,
    meta: { field: FIELD },
  });
}

export const avatarRoutes: FastifyPluginAsyncZod<AvatarRoutesOptions> = async (app, { db, storage }) => {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 10, fieldSize: 1024 },
  });

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
      if (!request.isMultipart()) throw missingFile();
      const part = await request.file();
      if (!part) throw missingFile();
      if (part.fieldname !== FIELD) {
        part.file.resume();
        throw missingFile();
      }
      let file: Buffer;
      try {
        file = await part.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw uploadOverLimit();
        throw error;
      }
      const image = await saveAvatar({ db, storage, userId: viewer.id, file, log: request.log });
      return { image };
    },
  );
};
