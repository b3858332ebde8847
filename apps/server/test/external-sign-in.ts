import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { cookieOf } from './accounts.ts';

function mergeCookies(...lists: string[]): string {
  const jar = new Map<string, string>();
  for (const list of lists) {
    for (const pair of list.split('; ').filter(Boolean)) jar.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  return [...jar.values()].join('; ');
}

/**
 * Start → the fake provider signs `provider.state.profile` in → callback, as a browser follows the
 * redirects. Returns the callback's answer and the cookies a browser would then hold.
 */
export async function signInWithGoogle(app: FastifyInstance, provider: { issuer: string }, returnTo = '/') {
  const start = await app.inject({
    method: 'GET',
    url: `/api/auth/providers/google/start?returnTo=${encodeURIComponent(returnTo)}`,
  });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(provider.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const providerAnswer = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(String(providerAnswer.headers.get('location')));
  const finish = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieOf(start) },
  });
  return { finish, cookie: mergeCookies(cookieOf(start), cookieOf(finish)) };
}
