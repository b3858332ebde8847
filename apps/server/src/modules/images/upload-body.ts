import multipart from '@fastify/multipart';
import { LIMITS } from '@hora/core/config';
import { AppError } from '@hora/core/errors';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { uploadOverLimit } from './image-input.ts';

/** The multipart field every image upload sends its one file in. */
export const IMAGE_FIELD = 'image';

/** The body is a multipart stream read in the handler; there is nothing to validate beforehand. */
export const acceptStreamedBody: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

/** Path parameters (and the query) checked by their zod schemas as everywhere; the body streamed. */
export const streamedBodyWithParams: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? acceptStreamedBody(route)
    : zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);

/** Multipart bodies for the routes of `app` (a plugin scope): one file of at most 20 MB. */
export async function registerImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 10, fieldSize: 1024 },
  });
}

function missingFile(): AppError {
  return new AppError('validation-invalid-params', {
    title: `Expected a multipart/form-data body with one file in the "${IMAGE_FIELD}" field`,
    meta: { field: IMAGE_FIELD },
  });
}

/**
 * The uploaded file of a multipart request, read whole (at most 20 MB: 413 past that, without
 * reading the rest). 400 `validation-invalid-params` without a file in the `image` field.
 */
export async function readImageFile(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw missingFile();
  const part = await request.file();
  if (!part) throw missingFile();
  if (part.fieldname !== IMAGE_FIELD) {
    part.file.resume();
    throw missingFile();
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw uploadOverLimit();
    throw error;
  }
}
