import { isErrorCode } from '@hora/core/errors';
import type { Place } from '@hora/core/geo';
import { apiErrorKey } from '../forms/api-error-key.ts';

export const PREDICTIONS_PATH = '/api/geocoding/predictions';

export type PredictionsResult = { ok: true; places: Place[] } | { ok: false; error: string };

/**
 * Asks the API for the places matching what was typed. Never throws: a failure is a message key
 * (the geocoder being down reads differently from no match). An aborted request rejects with the
 * abort, so a newer keystroke's answer is never overwritten by an older one.
 */
export async function fetchPredictions(
  query: string,
  locale: string,
  options: { signal?: AbortSignal; send?: typeof fetch } = {},
): Promise<PredictionsResult> {
  const send = options.send ?? fetch;
  const url = `${PREDICTIONS_PATH}?${new URLSearchParams({ q: query.trim().slice(0, 100), locale })}`;
  let response: Response;
  try {
    response = await send(url, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { ok: false, error: 'places.errors.network' };
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const places = (data as { data?: unknown } | null)?.data;
    return Array.isArray(places)
      ? { ok: true, places: places as Place[] }
      : { ok: false, error: 'errors.api.generic' };
  }
  return { ok: false, error: errorKey(data) };
}

/**
 * A refusal's message: its catalogue code's (the geocoder is down, too many requests), else the
 * generic one. Only the code is read, not the whole form-error mapping: the box is in the top bar of
 * every page, and it shows one message, never a field's.
 */
function errorKey(data: unknown): string {
  const code = (data as { errors?: { code?: unknown }[] } | null)?.errors?.[0]?.code;
  return isErrorCode(code) && code !== 'validation-invalid-params' ? apiErrorKey(code) : 'errors.api.generic';
}
