import type { TransactionView } from '@hora/core/transactions';
import { data } from 'react-router';
import type { ApiResult, WebContext } from '../../context.ts';

type Api = WebContext['api'];

/** The provider's answers to a request (spec part 1 §4); the only transitions this page posts. */
export const SALE_DECISIONS = ['accept', 'decline'] as const;
export type SaleDecision = (typeof SALE_DECISIONS)[number];

export function isSaleDecision(value: unknown): value is SaleDecision {
  return value === 'accept' || value === 'decline';
}

/**
 * `GET /api/transactions/:id`: the transaction as the viewer sees it. The API answers 404 to anyone
 * but its two parties (and for an unknown or malformed id): the not-found page. Anything else is a
 * failure the error page reports ("fetch order or sale failed").
 */
export async function fetchTransaction(api: Api, id: string): Promise<TransactionView> {
  const result = await api<{ transaction: TransactionView }>(`/api/transactions/${encodeURIComponent(id)}`);
  if (result.status === 404 || result.status === 400) throw data(null, { status: 404 });
  if (result.status !== 200) throw new Error(`GET /api/transactions/:id answered HTTP ${result.status}`);
  return result.data.transaction;
}

/** `POST /api/transactions/:id/transitions` with the form's idempotency key. */
export function postTransition(
  api: Api,
  id: string,
  transition: SaleDecision,
  idempotencyKey: string,
): Promise<ApiResult<{ transaction?: TransactionView; errors?: { code?: string }[] }>> {
  return api(`/api/transactions/${encodeURIComponent(id)}/transitions`, {
    method: 'POST',
    body: { transition },
    idempotencyKey,
  });
}
