import { loginPath } from '../routing/access.ts';

/**
 * Spec part 1 §2 listing page: others than the owner see a link to contact the host. It sets the
 * page's `contact=true` flag, which opens the enquiry form (issue 12); visitors log in first and come
 * back to the page with the flag. Like the booking modal's, the open state lives in the URL.
 */
export const CONTACT_PARAM = 'contact';

export function contactHref(location: { pathname: string; search: string }, signedIn: boolean): string {
  const params = new URLSearchParams(location.search);
  params.delete('book');
  params.set(CONTACT_PARAM, 'true');
  const target = `${location.pathname}?${params}`;
  return signedIn ? target : loginPath(new URL(target, 'http://hora.invalid'));
}

export function isContactOpen(search: URLSearchParams): boolean {
  const value = search.get(CONTACT_PARAM);
  return value !== null && value !== 'false';
}

/** The same page without the flag (closing the enquiry form), the rest of the query and the hash kept. */
export function withoutContactFlag(location: { pathname: string; search: string; hash: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete(CONTACT_PARAM);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}
