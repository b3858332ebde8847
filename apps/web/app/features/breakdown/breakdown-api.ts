import type { BreakdownView } from '@hora/core/transactions';

/** What the booking form shows when the server cannot price a booking (spec part 2 §8.2 booking form). */
export type EstimateFailure = 'priceMissing' | 'currencyMismatch' | 'listingNotActive' | 'failed';

export type EstimateResult = { ok: true; breakdown: BreakdownView } | { ok: false; failure: EstimateFailure };

interface ErrorBody {
  errors?: { code?: string; meta?: { reason?: unknown } }[];
}

export function estimateFailureOf(status: number, body: unknown): EstimateFailure {
  const error = (body as ErrorBody | null)?.errors?.[0];
  if (error?.code === 'validation-invalid-value' && error.meta?.reason === 'price-missing')
    return 'priceMissing';
  if (error?.code === 'validation-invalid-value' && error.meta?.reason === 'currency-mismatch')
    return 'currencyMismatch';
  if (status === 409 && error?.code === 'transaction-listing-not-found') return 'listingNotActive';
  return 'failed';
}

/**
 * `POST /api/transactions/line-items`: the server's price of a booking (the form never computes
 * one). Never throws; an aborted request (a newer choice replaced it) answers null.
 */
export async function estimateBreakdown(
  body: { listingId: string; bookingStart: string; bookingEnd: string; transactionId?: string },
  signal?: AbortSignal,
  send: typeof fetch = fetch,
): Promise<EstimateResult | null> {
  let response: Response;
  try {
    response = await send('/api/transactions/line-items', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch {
    return signal?.aborted ? null : { ok: false, failure: 'failed' };
  }
  const json: unknown = await response.json().catch(() => null);
  if (signal?.aborted) return null;
  if (!response.ok) return { ok: false, failure: estimateFailureOf(response.status, json) };
  const breakdown = unwrap(json);
  return breakdown ? { ok: true, breakdown } : { ok: false, failure: 'failed' };
}

/** The contract answers the view itself; accept it under `data` too, as the other APIs answer. */
function unwrap(json: unknown): BreakdownView | null {
  if (json === null || typeof json !== 'object') return null;
  const value = 'lineItems' in json ? json : (json as { data?: unknown }).data;
  return value && typeof value === 'object' && 'lineItems' in value ? (value as BreakdownView) : null;
}
