import { beforeAll, describe, expect, it } from 'vitest';
import { browser, errorCode, ORIGIN, signUp } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  app = await buildTestApp(database.db, {}, { captcha: fakeCaptcha });
});

describe('rate limits', () => {
  // Per account, and per account and client: test/password-guessing.test.ts.
  it('limits failed logins per IP across accounts', async () => {
    let last = 0;
    for (let i = 0; i < 21; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: browser(),
        remoteAddress: '192.0.2.200',
        payload: { email: `spray-${i}@example.com`, password: 'guessing-the-password' },
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });

  it('limits sign-ups and password recovery per IP', async () => {
    const signup = (index: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: browser(),
        remoteAddress: '192.0.2.201',
        payload: {
          email: `flood-${index}@example.com`,
          password: 'tortilla-de-patatas-42',
          firstName: 'F',
          lastName: 'L',
          captcha: 'solved',
          termsAccepted: true,
        },
      });
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await signup(i)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);

    const recover = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/password-recovery',
        headers: browser(),
        remoteAddress: '192.0.2.202',
        payload: { email: 'flood-1@example.com' },
      });
    const recoveries = [];
    for (let i = 0; i < 6; i += 1) recoveries.push((await recover()).statusCode);
    expect(recoveries).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('CSRF protection', () => {
  it('refuses a state-changing request with a session cookie from another site', async () => {
    const person = await signUp(app);
    const patch = (headers: Record<string, string>) =>
      app.inject({
        method: 'PATCH',
        url: '/api/account/profile',
        headers: { cookie: person.cookie, ...headers },
        payload: { firstName: 'Hacked', lastName: 'Name' },
      });
    const crossSite = await patch({ origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(errorCode(crossSite)).toBe('csrf-failed');
    expect((await patch({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await patch({ origin: 'null' })).statusCode).toBe(403);
    expect((await patch({})).statusCode).toBe(403);

    expect((await patch({ origin: ORIGIN })).statusCode).toBe(200);
    expect((await patch({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('refuses a cross-site login (login CSRF) but lets API clients without cookies log in', async () => {
    const person = await signUp(app);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: person.email, password: person.password },
    });
    expect(crossSite.statusCode).toBe(403);
    const apiClient = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: person.password },
    });
    expect(apiClient.statusCode).toBe(200);
  });

  it('leaves reads alone', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});
