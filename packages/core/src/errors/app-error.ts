import { ERROR_CATALOGUE, type ErrorCode } from './catalogue.ts';

/** One error of an API response body: `{ errors: [ApiError] }`. */
export interface ApiError {
  id?: string;
  status: number;
  code: string;
  title: string;
  meta?: Record<string, unknown>;
}

export interface AppErrorOptions {
  title?: string;
  meta?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The single error type of the domain and the server. The status comes from the catalogue so
 * a code can never be sent with the wrong status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly meta: Record<string, unknown>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const title = options.title ?? ERROR_CATALOGUE[code].title;
    super(title, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.title = title;
    this.meta = options.meta ?? {};
  }

  /**
   * The wire shape. The id is passed in (the server generates it) because core has no
   * randomness. 5xx titles and meta are replaced so internals never leak.
   */
  toApiError(id?: string): ApiError {
    const hidden = this.status >= 500;
    const error: ApiError = {
      status: this.status,
      code: this.code,
      title: hidden ? ERROR_CATALOGUE[this.code].title : this.title,
      meta: hidden ? {} : this.meta,
    };
    if (id !== undefined) error.id = id;
    return error;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
