import { randomUUID } from 'node:crypto';
import { type ApiError, AppError, ERROR_CATALOGUE, type ErrorCode, statusOf } from '@hora/core/errors';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The API's error answer, for the OpenAPI document of routes that list their errors. */
export const apiErrorSchema = z.object({
  errors: z.array(
    z.object({
      id: z.string(),
      status: z.number().int(),
      code: z.string(),
      title: z.string(),
      meta: z.record(z.string(), z.unknown()),
    }),
  ),
});

export interface ApiErrorBody {
  errors: Required<ApiError>[];
}

function errorBody(error: AppError): ApiErrorBody {
  return { errors: [error.toApiError(randomUUID()) as Required<ApiError>] };
}

/** Fastify's own client errors (bad JSON, body too large, ...) mapped onto the catalogue. */
function codeForFrameworkError(error: FastifyError): ErrorCode | undefined {
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  if (status === 413) return 'request-upload-over-limit';
  if (status === 429) return 'rate-limited';
  if (status === 404) return 'not-found';
  if (status === 403) return 'forbidden';
  if (status === 401) return 'unauthorized';
  return 'validation-invalid-params';
}

/**
 * The one place that turns a thrown error into the API's `{errors:[...]}` answer. Known errors keep
 * their code and title; anything else is logged and answered as a bare 500 that names no internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      const { retryAfterSeconds } = error.meta;
      if (typeof retryAfterSeconds === 'number') reply.header('retry-after', String(retryAfterSeconds));
      return reply.status(error.status).send(errorBody(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'invalid',
      }));
      const appError = new AppError('validation-invalid-params', {
        meta: { in: error.validationContext, issues },
      });
      return reply.status(appError.status).send(errorBody(appError));
    }
    const code = codeForFrameworkError(error);
    if (code) {
      return reply.status(statusOf(code)).send(errorBody(new AppError(code, { title: error.message })));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody(new AppError('internal-error')));
  });
}

/** The answer of an API path that does not exist, or that must look as if it did not. */
export function apiNotFound(request: FastifyRequest): AppError {
  return new AppError('not-found', {
    title: `${ERROR_CATALOGUE['not-found'].title}: ${request.method} ${request.url.split('?')[0]}`,
  });
}

/** Unknown `/api/*` paths answer in the API's error shape, never with the web app's 404 page. */
export function registerApiNotFound(app: FastifyInstance): void {
  app.all('/api/*', async (request) => {
    throw apiNotFound(request);
  });
}
