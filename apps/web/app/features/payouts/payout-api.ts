import { type ErrorCode, isErrorCode } from '@hora/core/errors';
import type { PayoutAccountView, PayoutProviderView } from '@hora/core/payouts';
import { apiErrorKey } from '../forms/api-error-key.ts';
import type { LocalizedError } from './payout-form.ts';

/**
 * The payouts API from the browser (same origin: the session cookie goes along and the API's
 * cross-site check passes). Never throws: a failure is a message for the form, and the field
 * errors of a refused body keyed by their paths.
 */
export type PayoutResult<T> = { ok: true; data: T } | { ok: false; error: PayoutFailure };

export interface PayoutFailure {
  /** Above the form. */
  form?: LocalizedError;
  /** Core's validation keys by field path (`individual.address.postalCode`). */
  fields: Record<string, string>;
  code?: ErrorCode;
}

interface ApiErrorBody {
  errors?: {
    code?: string;
    meta?: Record<string, unknown> & { issues?: { path: string; message: string }[] };
  }[];
}

/** An API error answer as the payout form shows it. */
export function payoutFailureOf(status: number, body: unknown): PayoutFailure {
  const error = (body as ApiErrorBody | null)?.errors?.[0];
  const code = isErrorCode(error?.code) ? error.code : undefined;
  const meta = error?.meta ?? {};
  if (status === 401) return { fields: {}, form: { key: 'payouts.errors.sessionExpired' }, code };
  if (code === 'validation-invalid-params' && meta.issues?.length) {
    const fields: Record<string, string> = {};
    for (const issue of meta.issues) {
      fields[issue.path] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    }
    return { fields, code };
  }
  if (code === 'payout-country-not-supported') {
    const country = typeof meta.country === 'string' ? meta.country : '?';
    return { fields: {}, form: { key: apiErrorKey(code), values: { country } }, code };
  }
  if (code === 'payout-provider-refused') {
    const message = typeof meta.stripeMessage === 'string' ? meta.stripeMessage : undefined;
    const param = typeof meta.param === 'string' ? meta.param : '';
    // Stripe names a bad postal code by its parameter; the spec has its own message for it.
    if (/postal_code/.test(param)) return { fields: {}, form: { key: 'payouts.errors.postalCode' }, code };
    return {
      fields: {},
      form: message
        ? { key: 'payouts.errors.createWithMessage', values: { message } }
        : { key: apiErrorKey(code) },
      code,
    };
  }
  return { fields: {}, form: { key: code ? apiErrorKey(code) : 'errors.api.generic' }, code };
}

async function call<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
  send: typeof fetch = fetch,
): Promise<PayoutResult<T>> {
  let response: Response;
  try {
    response = await send(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch {
    return { ok: false, error: { fields: {}, form: { key: 'payouts.errors.network' } } };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, error: payoutFailureOf(response.status, body) };
  return { ok: true, data: (body as { data: T }).data };
}

export const payoutApi = {
  provider: (send?: typeof fetch) => call<PayoutProviderView>('/api/payouts/provider', {}, send),
  account: (send?: typeof fetch) => call<PayoutAccountView | null>('/api/payouts/account', {}, send),
  createAccount: (body: unknown, send?: typeof fetch) =>
    call<PayoutAccountView>('/api/payouts/account', { method: 'POST', body }, send),
  updateAccount: (bankAccountToken: string, send?: typeof fetch) =>
    call<PayoutAccountView>('/api/payouts/account', { method: 'PATCH', body: { bankAccountToken } }, send),
  sandboxBankToken: (body: { country: string; bankAccount: unknown }, send?: typeof fetch) =>
    call<{ id: string; last4: string }>('/api/payouts/bank-tokens', { method: 'POST', body }, send),
  accountLink: (
    body: { type: 'account_onboarding' | 'account_update'; returnPath: string },
    send?: typeof fetch,
  ) => call<{ url: string }>('/api/payouts/account-links', { method: 'POST', body }, send),
};
