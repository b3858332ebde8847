import type { MessagePageView, MessageView } from '@hora/core/transactions';
import type { ApiResult, WebContext } from '../../context.ts';

type Api = WebContext['api'];

/** An API error as the forms read it: its code, and for a form's fields the issues' message keys. */
export interface ApiErrorBody {
  code?: string;
  meta?: { issues?: { path: string; message: string }[] };
}

/** `GET /api/transactions/:id/messages?page=N` (100 a page, page 1 the newest). */
export function fetchMessagePage(api: Api, transactionId: string, page: number) {
  return api<MessagePageView>(`/api/transactions/${encodeURIComponent(transactionId)}/messages?page=${page}`);
}

/** `POST /api/transactions/:id/messages`. */
export function postMessage(
  api: Api,
  transactionId: string,
  content: string,
): Promise<ApiResult<{ message?: MessageView; errors?: ApiErrorBody[] }>> {
  return api(`/api/transactions/${encodeURIComponent(transactionId)}/messages`, {
    method: 'POST',
    body: { content },
  });
}
