import { isErrorCode } from '@hora/core/errors';
import type { TransactionView } from '@hora/core/transactions';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import type { ApiErrorBody } from '../conversation/conversation-api.ts';
import { fieldErrorKey } from '../conversation/message-fields.ts';
import { apiErrorKey } from '../forms/api-error-key.ts';
import { requireViewer } from '../routing/access.ts';
import { transactionPagePath } from '../transactions/transaction-paths.ts';
import { ENQUIRY_FIELDS, type EnquiryResult } from './enquiry-fields.ts';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The message's refusals, by the last part of core's message key (see `fieldErrorKey`). */
const FIELD_ERRORS: Record<string, string> = {
  required: 'enquiry.errors.required',
  tooLong: 'enquiry.errors.tooLong',
};

/** Refusals the person can act on, told in the catalogue's words; anything else is "send failed". */
const TOLD: readonly string[] = [
  'transaction-own-listing',
  'transaction-listing-not-found',
  'transaction-messaging-not-allowed',
  'rate-limited',
];

function refused(enquiryError: string, message: string, status: number) {
  return data<EnquiryResult>({ enquiryError, message, idempotencyKey: crypto.randomUUID() }, { status });
}

/**
 * The listing page's enquiry form (a plain form post, so it works without JavaScript): asks the API
 * to enquire with the form's idempotency key (a double click makes one enquiry), then goes to the
 * new order's page, where the conversation goes on. A refusal stays in the form with the text.
 */
export async function runEnquiry(
  request: Request,
  params: { id?: string },
  context: Pick<WebContext, 'api' | 'viewer'>,
) {
  requireViewer(request, context);
  const form = await request.formData().catch(() => null);
  const raw = form?.get(ENQUIRY_FIELDS.message);
  const message = typeof raw === 'string' ? raw : '';
  const key = form?.get(ENQUIRY_FIELDS.idempotencyKey);
  if (!params.id || typeof key !== 'string' || !KEY.test(key)) throw data(null, { status: 400 });
  // The API checks the message with core's `enquirySchema` (trimmed, required, at most 5000).
  const result = await context.api<{ transaction?: TransactionView; errors?: ApiErrorBody[] }>(
    '/api/transactions/enquiries',
    { method: 'POST', body: { listingId: params.id, message }, idempotencyKey: key },
  );
  const transaction = result.data?.transaction;
  if (result.status === 201 && transaction) return redirect(transactionPagePath('customer', transaction.id));
  const first = result.data?.errors?.[0];
  const code = first?.code;
  const fieldError = fieldErrorKey(
    first?.meta?.issues?.find((issue) => issue.path === ENQUIRY_FIELDS.message)?.message,
    FIELD_ERRORS,
  );
  const error =
    isErrorCode(code) && TOLD.includes(code) ? apiErrorKey(code) : (fieldError ?? 'enquiry.sendFailed');
  return refused(error, message, result.status >= 400 ? result.status : 500);
}
