import { safeReturnPath } from '@hora/core/routing';
import { redirect } from 'react-router';
import { readForm } from '../features/forms/submission.ts';
import { serializeCookie } from '../features/routing/cookies.ts';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '../i18n/locales.ts';
import type { Route } from './+types/locale';

/** Stores the chosen language and returns to the page the visitor was on. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = form.get('locale');
  const back = safeReturnPath(form.get('redirectTo'));
  if (!isLocale(locale)) return redirect(back);
  const secure = new URL(request.url).protocol === 'https:';
  return redirect(back, {
    headers: {
      'Set-Cookie': serializeCookie(LOCALE_COOKIE, locale, { maxAge: LOCALE_COOKIE_MAX_AGE, secure }),
    },
  });
}

export function loader() {
  return redirect('/');
}
