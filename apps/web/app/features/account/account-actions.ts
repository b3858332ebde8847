import { data } from 'react-router';
import type { ApiResult, WebContext } from '../../context.ts';
import { failure } from '../forms/submission.ts';

/** The form field that tells an action which of a page's forms was sent. */
export const INTENT = 'intent';
export const RESEND_VERIFICATION = 'resend-verification';

/** `Set-Cookie` headers for a `data(...)` answer: a call that renewed the session passes it on. */
export function cookieHeaders(result: Pick<ApiResult<unknown>, 'cookies'>): Headers {
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append('Set-Cookie', cookie);
  return headers;
}

/** Sends the verification link again (to the pending address when there is one). */
export async function resendVerificationEmail(context: Pick<WebContext, 'api'>) {
  const result = await context.api('/api/auth/verification-email', { method: 'POST' });
  if (result.status >= 400) return failure(result);
  return data({ sent: true as const });
}
