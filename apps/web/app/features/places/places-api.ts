import type { Place } from '@hora/core/geo';
import { formErrorsFrom } from '../forms/api-errors.ts';

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
  const errors = formErrorsFrom({ status: response.status, data });
  return { ok: false, error: errors.form ?? 'errors.api.generic' };
}
