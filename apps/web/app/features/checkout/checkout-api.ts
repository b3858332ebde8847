import type { TransactionView } from '@hora/core/transactions';

/**
 * The booking calls of the checkout from the browser (same origin: the session cookie goes along
 * and the API's cross-site check passes). Never throws: a network failure is `status: 0`, so the
 * caller can retry with the same idempotency key.
 */
export type CallResult<T> = { ok: true; data: T } | { ok: false; status: number; body: unknown };

type Send = typeof fetch;

async function call<T>(
  send: Send,
  path: string,
  init: { method: string; body?: unknown; idempotencyKey?: string },
): Promise<CallResult<T>> {
  let response: Response;
  try {
    response = await send(path, {
      method: init.method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.idempotencyKey ? { 'idempotency-key': init.idempotencyKey } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch {
    return { ok: false, status: 0, body: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, status: response.status, body };
  return { ok: true, data: unwrapData(body) as T };
}

/** The API's answers carry their payload under `data` (the listings' style) or at the top. */
export function unwrapData(body: unknown): unknown {
  if (body && typeof body === 'object' && 'data' in body && !('transaction' in body)) {
    return (body as { data: unknown }).data;
  }
  return body;
}

export interface BookingRequest {
  listingId: string;
  bookingStart: string;
  bookingEnd: string;
  paymentMethod: 'default' | 'new';
  saveCard: boolean;
  message?: string;
  /** Issue 12: the enquiry this booking continues (`request-payment-after-enquiry`). */
  transactionId?: string;
}

export function checkoutApi(send: Send = (...args) => fetch(...args)) {
  return {
    /** `POST /api/transactions`: the booking request; the seats are held from here. */
    requestBooking: (body: BookingRequest, idempotencyKey: string) =>
      call<{ transaction: TransactionView }>(send, '/api/transactions', {
        method: 'POST',
        body: {
          ...body,
          transition: body.transactionId ? 'request-payment-after-enquiry' : 'request-payment',
        },
        idempotencyKey,
      }),
    /** `POST /api/transactions/:id/transitions` with `confirm-payment`, once the card is confirmed. */
    confirmPayment: (transactionId: string, idempotencyKey: string) =>
      call<{ transaction: TransactionView }>(
        send,
        `/api/transactions/${encodeURIComponent(transactionId)}/transitions`,
        { method: 'POST', body: { transition: 'confirm-payment' }, idempotencyKey },
      ),
    /** `GET /api/transactions/:id`: the transaction as it stands. */
    show: (transactionId: string) =>
      call<{ transaction: TransactionView }>(send, `/api/transactions/${encodeURIComponent(transactionId)}`, {
        method: 'GET',
      }),
    /** `POST /api/payment-methods`: the card just used becomes the saved default one. */
    saveCard: (paymentMethodId: string) =>
      call<unknown>(send, '/api/payment-methods', { method: 'POST', body: { paymentMethodId } }),
  };
}

export type CheckoutApi = ReturnType<typeof checkoutApi>;

/** A fresh idempotency key: a version 4 UUID (`crypto.randomUUID` needs a secure context; this does not). */
export function newIdempotencyKey(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
