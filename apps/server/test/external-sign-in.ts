import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { cookieOf } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { startFakeOpenIdProvider } from './fake-openid-provider.ts';

/**
 * The API with sign-in through Google pointed at a fake OpenID provider (closed after the file's
 * tests), and that provider, whose `state.profile` says who signs in.
 */
export async function buildAppWithGoogle(db: Database) {
  const provider = await startFakeOpenIdProvider('hora-client');
  afterAll(() => provider.close());
  const app = await buildTestApp(
    db,
    {
      GOOGLE_CLIENT_ID: 'hora-client',
      GOOGLE_CLIENT_SECRET: 'hora-secret',
      GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
    },
    { captcha: fakeCaptcha },
  );
  return { app, provider };
}

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
