import { data } from 'react-router';
import type { ApiResult, WebContext } from '../../context.ts';
import { failure } from '../forms/submission.ts';

// The intents live apart so that the shell's resend button needs none of the actions' server code.
export { INTENT, RESEND_VERIFICATION } from './account-intents.ts';

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
