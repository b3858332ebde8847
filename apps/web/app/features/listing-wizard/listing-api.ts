import { type FormErrors, formErrorsFrom } from '../forms/api-errors.ts';

/** An API answer as the wizard's forms read it: the `data` of a success, or translatable errors. */
export type ApiAnswer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; errors: FormErrors; codes: readonly string[] };

export const NETWORK_ERROR = 'listings.errors.network';
export const SESSION_EXPIRED = 'listings.errors.sessionExpired';

/**
 * Calls the listing API from the browser with JSON (same origin: the session cookie goes along
 * and the API's cross-site check passes). Never throws: a failure is message keys.
 */
export async function callApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  send: typeof fetch = fetch,
): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await send(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: 0, errors: { form: NETWORK_ERROR, fields: {} }, codes: [] };
  }
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return { ok: true, data: (data as { data?: T } | null)?.data as T };
  // The API's 401 text is the log-in failure; here it means the session ended in another tab.
  if (response.status === 401) {
    return { ok: false, status: 401, errors: { form: SESSION_EXPIRED, fields: {} }, codes: [] };
  }
  // The codes themselves too: the wizard reacts to some (the payout account's, on publishing).
  const codes = ((data as { errors?: { code?: unknown }[] } | null)?.errors ?? [])
    .map((error) => error.code)
    .filter((code): code is string => typeof code === 'string');
  return {
    ok: false,
    status: response.status,
    errors: formErrorsFrom({ status: response.status, data }),
    codes,
  };
}
