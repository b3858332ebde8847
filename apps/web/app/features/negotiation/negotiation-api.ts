import type { NegotiationView } from '@hora/core/offers';
import type { ApiResult, WebContext } from '../../context.ts';

type Api = WebContext['api'];
type ErrorBody = { errors?: { code?: string; meta?: { reason?: string } }[] };

/**
 * `GET /api/transactions/:id/offers`: the negotiation as the viewer sees it. Null when it cannot be
 * read (the transaction page itself answers for a transaction that is not the viewer's).
 */
export async function fetchNegotiation(api: Api, id: string): Promise<NegotiationView | null> {
  const result = await api<{ negotiation: NegotiationView }>(
    `/api/transactions/${encodeURIComponent(id)}/offers`,
  );
  return result.status === 200 ? result.data.negotiation : null;
}

/** `POST /api/transactions/:id/offers`: the provider's per-hour price, as the decimal text typed. */
export function postOffer(api: Api, id: string, price: string): Promise<ApiResult<ErrorBody>> {
  return api(`/api/transactions/${encodeURIComponent(id)}/offers`, { method: 'POST', body: { price } });
}

/** `POST /api/transactions/:id/offers/answer`: the customer accepts or declines the open offer. */
export function postAnswer(
  api: Api,
  id: string,
  answer: 'accept' | 'decline',
): Promise<ApiResult<ErrorBody>> {
  return api(`/api/transactions/${encodeURIComponent(id)}/offers/answer`, {
    method: 'POST',
    body: { answer },
  });
}

/** The refusal's reason (`transaction-offer-not-allowed`'s `meta.reason`), if the API gave one. */
export function refusalOf(body: ErrorBody | null | undefined): string | null {
  const error = body?.errors?.[0];
  return error?.code === 'transaction-offer-not-allowed' ? (error.meta?.reason ?? null) : null;
}
