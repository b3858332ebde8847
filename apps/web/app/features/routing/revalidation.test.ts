import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { shouldRevalidateMessages, shouldRevalidateRoot } from './revalidation.ts';

const base = 'http://hora.test';

/** React Router's arguments for one loader: a navigation, or the one that follows a submission. */
function args(
  from: string,
  to: string,
  defaultShouldRevalidate: boolean,
  submission?: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; action: string; status?: number },
): ShouldRevalidateFunctionArgs {
  return {
    currentUrl: new URL(from, base),
    currentParams: {},
    nextUrl: new URL(to, base),
    nextParams: {},
    defaultShouldRevalidate,
    ...(submission
      ? {
          formMethod: submission.method,
          formAction: submission.action,
          formEncType: 'application/x-www-form-urlencoded',
          formData: new FormData(),
          actionStatus: submission.status ?? 302,
          actionResult: undefined,
        }
      : {}),
  } as ShouldRevalidateFunctionArgs;
}

describe('the root loader (session, language, consent, shell messages)', () => {
  it.each([
    ['a link to another page', args('/', '/login', false)],
    [
      'a search parameter that changes, as a map that writes its bounds to the URL',
      args('/?x=1', '/?x=2', true),
    ],
    ['a new page with other search parameters', args('/login?returnTo=%2F', '/signup', true)],
    ['a search form sent with GET', args('/', '/s?keywords=sala', true, { method: 'GET', action: '/s' })],
    [
      'a favourite heart sent by its fetcher',
      args('/s', '/s', true, {
        method: 'POST',
        action: '/favourites/0f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f',
        status: 200,
      }),
    ],
  ])('is kept on %s', (_case, navigation) => {
    expect(shouldRevalidateRoot(navigation)).toBe(false);
  });

  it.each([
    ['logging in', args('/login', '/', true, { method: 'POST', action: '/login' })],
    ['signing up', args('/signup', '/', true, { method: 'POST', action: '/signup' })],
    ['the language switch', args('/u/7', '/u/7', true, { method: 'POST', action: '/locale' })],
    ['the cookie banner', args('/', '/', true, { method: 'POST', action: '/cookie-consent', status: 200 })],
    [
      'saving the profile',
      args('/profile-settings', '/profile-settings', true, {
        method: 'POST',
        action: '/profile-settings',
        status: 200,
      }),
    ],
    ['deleting with a form', args('/account', '/account', true, { method: 'DELETE', action: '/account' })],
    ['`revalidate()` after an avatar upload', args('/profile-settings', '/profile-settings', true)],
  ])('is loaded again after %s', (_case, submission) => {
    expect(shouldRevalidateRoot(submission)).toBe(true);
  });

  it('follows React Router when a submission failed: a refused login changed nothing', () => {
    expect(
      shouldRevalidateRoot(
        args('/login', '/login', false, { method: 'POST', action: '/login', status: 400 }),
      ),
    ).toBe(false);
  });
});

describe('a page’s messages', () => {
  it.each([
    ['a link to a sibling page', args('/login', '/signup', false)],
    ['a search parameter that changes', args('/?x=1', '/?x=2', true)],
    ['logging in', args('/login', '/', true, { method: 'POST', action: '/login' })],
    [
      'saving a form',
      args('/account/contact-details', '/account/contact-details', true, {
        method: 'POST',
        action: '/account/contact-details',
      }),
    ],
    ['`revalidate()`', args('/profile-settings', '/profile-settings', true)],
  ])('are kept on %s', (_case, navigation) => {
    expect(shouldRevalidateMessages(navigation)).toBe(false);
  });

  it.each([['/locale'], ['/locale?index'], [`${base}/locale`]])(
    'are loaded again when the language changes (form action %s)',
    (action) => {
      expect(shouldRevalidateMessages(args('/login', '/login', true, { method: 'POST', action }))).toBe(true);
    },
  );
});
