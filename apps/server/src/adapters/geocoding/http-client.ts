import { AppError } from '@hora/core/errors';

export interface HttpGeocoderOptions {
  /** Where the service answers, e.g. https://nominatim.openstreetmap.org (no trailing slash needed). */
  baseUrl: string;
  /** Public instances ask every application to name itself (Nominatim's usage policy). */
  userAgent: string;
  /** ISO 3166 alpha-2 codes answers are limited to (GEOCODER_COUNTRIES). */
  countries?: readonly string[];
  /** Injectable for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/** The URL of `path` under the configured base, which may itself have a path (`/nominatim`). */
export function serviceUrl(baseUrl: string, path: string, query: Record<string, string | undefined>): URL {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') url.searchParams.set(name, value);
  }
  return url;
}

/** An HTTP answer the geocoder gave, for adapters that read some statuses themselves. */
export class GeocoderHttpError extends Error {
  constructor(readonly status: number) {
    super(`The geocoder answered HTTP ${status}`);
    this.name = 'GeocoderHttpError';
  }
}

/**
 * GETs JSON from the geocoder. Slow, unreachable or answering with an error or with something that
 * is not JSON, the service is unavailable: 503 `geocoder-unavailable`, which the visitor can retry
 * (never "address not recognised", which would blame the address).
 */
export async function getJson(url: URL, options: HttpGeocoderOptions): Promise<unknown> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  try {
    const response = await fetchFn(url, {
      headers: { accept: 'application/json', 'user-agent': options.userAgent },
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new GeocoderHttpError(response.status);
    }
    return await response.json();
  } catch (error) {
    throw unavailable(error);
  }
}

export function unavailable(cause: unknown): AppError {
  return cause instanceof AppError ? cause : new AppError('geocoder-unavailable', { cause });
}

/** The HTTP status behind a `geocoder-unavailable` error, when the service answered at all. */
export function httpStatusOf(error: unknown): number | undefined {
  const cause = error instanceof AppError ? error.cause : error;
  return cause instanceof GeocoderHttpError ? cause.status : undefined;
}
