import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { browser, cookieOf, ORIGIN } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { buildAppWithGoogle, signInWithGoogle as signInWithGoogleAt } from './external-sign-in.ts';

const database = await createTestDatabase();
const { app, provider } = await buildAppWithGoogle(database.db);

/** Start → the provider signs the person in → callback, as a browser would follow the redirects. */
const signInWithGoogle = (returnTo: string) => signInWithGoogleAt(app, provider, returnTo);

describe('sign-in with an external identity provider (OpenID Connect)', () => {
  it('lists the configured providers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ providers: ['google'] });
  });

  it('creates the account, sends a new person to confirm their details, then signs them straight in', async () => {
    const first = await signInWithGoogle('/account/contact-details');
    expect(first.finish.statusCode).toBe(302);
    expect(String(first.finish.headers.location)).toContain('/confirm?returnTo=%2Faccount%2Fcontact-details');
    const session = await app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: first.cookie },
    });
    expect(session.json().user).toMatchObject({
      email: 'oauth.person@example.com',
      firstName: 'Elena',
      lastName: 'Vidal',
      emailVerified: true,
      profileConfirmed: false,
    });

    const confirm = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      headers: browser(first.cookie),
      payload: {
        email: 'oauth.person@example.com',
        firstName: 'Elena',
        lastName: 'Vidal Ros',
        termsAccepted: true,
      },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ profileConfirmed: true, lastName: 'Vidal Ros' });

    const again = await signInWithGoogle('/profile-settings');
    expect(again.finish.statusCode).toBe(302);
    expect(String(again.finish.headers.location)).toMatch(/\/profile-settings$/);
  });

  it.each([
    '/\t/evil.example',
    '/\\evil.example',
    '//evil.example',
    '/%2F%2Fevil.example',
    'https://evil.example/',
  ])('sends a person back only to this site, never to %j', async (returnTo) => {
    provider.state.profile = {
      sub: `google-${randomUUID()}`,
      email: `oauth-${randomUUID().slice(0, 8)}@example.com`,
      given_name: 'Ana',
      family_name: 'Ruiz',
    };
    const newcomer = await signInWithGoogle(returnTo);
    expect(newcomer.finish.statusCode).toBe(302);
    const confirm = new URL(String(newcomer.finish.headers.location), ORIGIN);
    expect(confirm.origin).toBe(ORIGIN);
    expect(`${confirm.pathname}${confirm.search}`).toBe('/confirm?returnTo=%2F');

    const returning = await signInWithGoogle(returnTo);
    expect(returning.finish.statusCode).toBe(302);
    const back = new URL(String(returning.finish.headers.location), ORIGIN);
    expect(back.origin).toBe(ORIGIN);
    expect(`${back.pathname}${back.search}`).toBe('/');
  });

  it('refuses an unknown provider and a forged callback', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/providers/myspace/start' })).statusCode).toBe(
      404,
    );
    const forged = await app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=stolen&state=forged',
    });
    expect(forged.statusCode).toBe(302);
    expect(String(forged.headers.location)).toContain('error');
    const session = await app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: cookieOf(forged) },
    });
    expect(session.json().user).toBeNull();
  });
});
