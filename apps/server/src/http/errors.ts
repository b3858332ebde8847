import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ApiError, AppError, ERROR_CATALOGUE, type ErrorCode, statusOf } from '@hora/core/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

export function errorResponse(code: ErrorCode, title?: string): ApiErrorBody {
  return errorBody(new AppError(code, title === undefined ? {} : { title }));
}

/** Fastify's own client errors (bad JSON, body too large, ...) mapped onto the catalogue. */
function codeForFrameworkError(error: FastifyError): ErrorCode | undefined {
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  if (status === 413) return 'request-upload-over-limit';
  if (status === 415) return 'unsupported-media-type';
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
    const refusal = inputRefusal(error);
    if (refusal) {
      // The schemas should have stopped this input: worth a look, but it is the client's fault.
      request.log.warn({ err: error, refusal }, 'input refused below the schemas');
      dropUnsendableHeaders(reply);
      return reply.status(400).send(errorBody(new AppError('validation-invalid-value')));
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

/**
 * SQLSTATEs of PostgreSQL refusing a value itself: a NUL byte or bad encoding (22021, 22P05), a
 * value too long for its column (22001), an index row too large (54000).
 */
const INPUT_SQLSTATES = new Set(['22021', '22P05', '22001', '54000']);

/** Node's codes for a header value that cannot be sent (a line break in a redirect target). */
const HEADER_VALUE_CODES = new Set(['ERR_INVALID_CHAR', 'ERR_HTTP_INVALID_HEADER_VALUE']);

/** Why the error is the input's fault rather than the server's, if it is: a SQLSTATE or a Node code. */
function inputRefusal(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (INPUT_SQLSTATES.has(code) || HEADER_VALUE_CODES.has(code))) return code;
    if (cause instanceof TypeError && /invalid header value/i.test(cause.message))
      return 'invalid-header-value';
  }
  return undefined;
}

/** Headers set before the failure that Node would refuse again when the error answer is sent. */
function dropUnsendableHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    const values = Array.isArray(value) ? value : [String(value)];
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters Node refuses
    if (values.some((item) => /[\u0000-\u0008\u000A-\u001F\u007F]/.test(item))) reply.removeHeader(name);
  }
}

/** Unknown `/api/*` paths answer in the API's error shape, never with the web app's 404 page. */
export function registerApiNotFound(app: FastifyInstance): void {
  app.all('/api/*', async (request) => {
    throw apiNotFound(request);
  });
}

/**
 * Requests no route matches (an unknown method such as PROPFIND, a path outside every scope)
 * answer in the API's error shape too, not with Fastify's own JSON.
 */
export function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const title = `${ERROR_CATALOGUE['not-found'].title}: ${request.method} ${request.url.split('?')[0]}`;
    return reply.status(404).send(errorResponse('not-found', title));
  });
}

/** Fastify's errors before routing (a URL that does not decode), in the API's error shape. */
export function answerFrameworkError(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return reply.status(400).send(errorResponse('validation-invalid-params'));
}

const PARSER_ERROR_CODES: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'request-header-too-large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request-timeout',
};

/**
 * Node's HTTP parser refusing a request (garbage bytes, an unknown method, headers too large):
 * there is no request object yet, so the answer is written to the socket by hand.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code = PARSER_ERROR_CODES[error.code ?? ''] ?? 'validation-invalid-params';
  const status = statusOf(code);
  const body = JSON.stringify(errorResponse(code));
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
