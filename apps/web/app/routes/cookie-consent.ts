import { data, redirect } from 'react-router';
import { CONSENT_COOKIE, CONSENT_MAX_AGE } from '../features/consent/consent.ts';
import { serializeCookie } from '../features/routing/cookies.ts';
import type { Route } from './+types/cookie-consent';

/** Records the visitor's consent for 10 years (spec part 2 §9). */
export function action({ request }: Route.ActionArgs) {
  const secure = new URL(request.url).protocol === 'https:';
  return data(
    { accepted: true },
    {
      headers: {
        'Set-Cookie': serializeCookie(CONSENT_COOKIE, 'accepted', { maxAge: CONSENT_MAX_AGE, secure }),
      },
    },
  );
}

export function loader() {
  return redirect('/');
}
