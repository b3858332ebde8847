import { isErrorCode } from '@hora/core/errors';
import type { TransactionView } from '@hora/core/transactions';
import { enquirySchema } from '@hora/core/validation';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { apiErrorKey } from '../forms/api-error-key.ts';
import { requireViewer } from '../routing/access.ts';
import { transactionPagePath } from '../transactions/transaction-paths.ts';
import { ENQUIRY_FIELDS, type EnquiryResult } from './enquiry-fields.ts';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FIELD_ERRORS: Record<string, string> = {
  'validation.required': 'enquiry.errors.required',
  'validation.text.tooLong': 'enquiry.errors.tooLong',
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
  const parsed = enquirySchema.safeParse({ listingId: params.id, message });
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === 'message');
    if (!issue) throw data(null, { status: 404 });
    return refused(FIELD_ERRORS[issue.message] ?? 'enquiry.sendFailed', message, 400);
  }
  const result = await context.api<{ transaction?: TransactionView; errors?: { code?: string }[] }>(
    '/api/transactions/enquiries',
    { method: 'POST', body: parsed.data, idempotencyKey: key },
  );
  const transaction = result.data?.transaction;
  if (result.status === 201 && transaction) return redirect(transactionPagePath('customer', transaction.id));
  const code = result.data?.errors?.[0]?.code;
  const error = isErrorCode(code) && TOLD.includes(code) ? apiErrorKey(code) : 'enquiry.sendFailed';
  return refused(error, message, result.status >= 400 ? result.status : 500);
}
