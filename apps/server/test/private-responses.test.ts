import { beforeAll, describe, expect, it } from 'vitest';
import { browser, logIn, nextAddress, signUp, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';
import { fakeWebBuild } from './fake-web-build.ts';

const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;
let person: TestUser;

beforeAll(async () => {
  app = await buildTestApp(
    database.db,
    {},
    { captcha: fakeCaptcha, web: { mode: 'production', buildDir: fakeWebBuild() } },
  );
  person = await signUp(app);
});

type Method = 'GET' | 'POST' | 'PATCH';

describe('Cache-Control of answers about a person', () => {
  const calls: [string, Method, string, () => Record<string, unknown> | undefined][] = [
    ['the session', 'GET', '/api/session', () => undefined],
    ['the session, path encoded', 'GET', '/%61pi/session', () => undefined],
    ['a public profile', 'GET', '/api/users/00000000-0000-4000-8000-000000000000', () => undefined],
    ['the profile', 'PATCH', '/api/account/profile', () => ({ firstName: 'Lucía', lastName: 'García' })],
    ['the contact details', 'PATCH', '/api/account/contact-details', () => ({ email: person.email })],
    [
      'a password change',
      'POST',
      '/api/account/password',
      () => ({ currentPassword: 'x'.repeat(8), newPassword: 'y'.repeat(8) }),
    ],
    ['a refused update', 'PATCH', '/api/account/profile', () => ({ firstName: '' })],
    ['confirming a sign-up', 'POST', '/api/auth/confirm', () => ({ email: person.email })],
    ['resending the verification', 'POST', '/api/auth/verification-email', () => ({})],
    ['the providers', 'GET', '/api/auth/providers', () => undefined],
    ['the development mailbox', 'GET', '/api/dev/mailbox', () => undefined],
    ['an unknown API path', 'GET', '/api/nothing-here', () => undefined],
  ];

  it.each(calls)('%s: no-store', async (_name, method, url, payload) => {
    const body = payload();
    const response = await app.inject({
      method,
      url,
      headers: browser(person.cookie),
      ...(body === undefined ? {} : { payload: body }),
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('log-in, sign-up and password recovery: no-store', async () => {
    const login = await logIn(app, person.email, person.password);
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const recovery = await app.inject({
      method: 'POST',
      url: '/api/auth/password-recovery',
      headers: browser(),
      remoteAddress: nextAddress(),
      payload: { email: person.email },
    });
    expect(recovery.headers['cache-control']).toBe('no-store');
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: browser(),
      remoteAddress: nextAddress(),
      payload: { email: 'x' },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.headers['cache-control']).toBe('no-store');
  });

  it('pages: private and not stored when rendered for a signed-in person or on /dev/', async () => {
    const signedIn = await app.inject({ method: 'GET', url: '/echo', headers: { cookie: person.cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const mailbox = await app.inject({ method: 'GET', url: '/%64ev/mailbox' });
    expect(mailbox.headers['cache-control']).toBe('private, no-store');
    const visitor = await app.inject({ method: 'GET', url: '/echo' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBeUndefined();
  });
});
