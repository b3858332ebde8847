import type { AccountDeletionBody } from '@hora/core/validation';
import { data, redirect } from 'react-router';
import type { ApiResult, WebContext } from '../../context.ts';
import { type FormErrors, formErrorsFrom } from '../forms/api-errors.ts';
import { formString, readForm } from '../forms/submission.ts';
import { DELETED_LANDING } from './account-deletion-paths.ts';

/** A booking still open for money, as `GET /api/account/deletion` and the refusal list them. */
export interface OpenBooking {
  id: string;
  state: string;
  role: 'customer' | 'provider';
  listingTitle: string;
  bookingStart: string | null;
}

export interface AccountDeletionPageData {
  openBookings: OpenBooking[];
}

export type AccountDeletionAnswer = { errors: FormErrors; openBookings?: OpenBooking[] };

/** The page's data: what keeps the account from being deleted now (nothing, usually). */
export async function loadAccountDeletion(
  context: Pick<WebContext, 'api'>,
): Promise<AccountDeletionPageData> {
  const result = await context.api<{ openTransactions: OpenBooking[] }>('/api/account/deletion');
  if (result.status !== 200) throw new Error(`GET /api/account/deletion answered HTTP ${result.status}`);
  return { openBookings: result.data.openTransactions };
}

function openBookingsOf(result: ApiResult<unknown>): OpenBooking[] | undefined {
  const errors = (
    result.data as { errors?: { code?: string; meta?: { transactions?: OpenBooking[] } }[] } | null
  )?.errors;
  const blocked = errors?.find((error) => error.code === 'account-deletion-blocked');
  return blocked?.meta?.transactions;
}

/**
 * The form's action: `POST /api/account/delete` with the current password. Deleted: the cleared
 * session cookie goes to the browser with a redirect to the home page. Refused: the errors, and the
 * bookings that block it when that is the reason.
 */
export async function deleteAccount(request: Request, context: Pick<WebContext, 'api'>) {
  const form = await readForm(request);
  const body = { currentPassword: formString(form, 'currentPassword') } satisfies AccountDeletionBody;
  const result = await context.api('/api/account/delete', { method: 'POST', body });
  if (result.status >= 400) {
    const openBookings = openBookingsOf(result);
    const answer: AccountDeletionAnswer = {
      errors: formErrorsFrom(result),
      ...(openBookings ? { openBookings } : {}),
    };
    return data(answer, { status: result.status });
  }
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append('Set-Cookie', cookie);
  return redirect(DELETED_LANDING, { headers });
}
