import { loginPath } from '../routing/access.ts';

/**
 * PENDING (issue 12, the enquiry): the page's `contact=true` flag will open the message form to the
 * host. Visitors log in first and come back to the page with the flag.
 */
export const CONTACT_PARAM = 'contact';

export function contactHref(location: { pathname: string; search: string }, signedIn: boolean): string {
  const params = new URLSearchParams(location.search);
  params.delete('book');
  params.set(CONTACT_PARAM, 'true');
  const target = `${location.pathname}?${params}`;
  return signedIn ? target : loginPath(new URL(target, 'http://hora.invalid'));
}
