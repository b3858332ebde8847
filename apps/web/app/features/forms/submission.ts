import { safeReturnPath } from '@hora/core/routing';
import { data, redirect } from 'react-router';
import type { ApiResult } from '../../context.ts';
import { type FormErrors, formErrorsFrom } from './api-errors.ts';

/** The browser-facing answer of a failed API call: the form shows these errors, status kept. */
export function failure(result: ApiResult<unknown>) {
  return data<{ errors: FormErrors }>({ errors: formErrorsFrom(result) }, { status: result.status });
}

/** Redirect after a successful call, passing on the cookies the API set (a session, a logout). */
export function redirectWithCookies(to: string, result: Pick<ApiResult<unknown>, 'cookies'>) {
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append('Set-Cookie', cookie);
  return redirect(to, { headers });
}

/**
 * The posted form. A body that is not a form (no content type, another one, a broken multipart
 * body) is the sender's mistake: a 400 answer, never a server error.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data<{ errors: FormErrors }>(
      { errors: { form: 'errors.api.generic', fields: {} } },
      { status: 400 },
    );
  }
}

export function formString(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export function optionalFormString(form: FormData, name: string): string | undefined {
  const value = formString(form, name).trim();
  return value === '' ? undefined : value;
}

/** Where to go after logging in: `returnTo` (same-site only) plus the hash the page had. */
export function returnPathFrom(form: FormData, fallback = '/'): string {
  const path = safeReturnPath(formString(form, 'returnTo'), fallback);
  const hash = formString(form, 'returnHash');
  return /^#[\w-]*$/.test(hash) ? `${path}${hash}` : path;
}
