import { beforeAll, describe, expect, it } from 'vitest';
import { browser, signUp } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';
import { fakeWebBuild } from './fake-web-build.ts';

const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  app = await buildTestApp(
    database.db,
    {},
    { captcha: fakeCaptcha, web: { mode: 'production', buildDir: fakeWebBuild() } },
  );
});

describe("a page loader's in-process API call", () => {
  it('answers as the signed-in person the page is for', async () => {
    const user = await signUp(app);
    const response = await app.inject({ url: '/whoami', headers: browser(user.cookie) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id });
  });

  it('answers as a visitor for a visitor', async () => {
    const response = await app.inject({ url: '/whoami', headers: browser() });
    expect(response.json()).toEqual({ user: null });
  });

  it('cannot be imitated from the network: a made-up token leaves the request as it is', async () => {
    const user = await signUp(app);
    const forged = { 'x-hora-internal-call': 'AAAAAAAAAAAAAAAAAAAAAA' };
    const visitor = await app.inject({ url: '/api/session', headers: { ...browser(), ...forged } });
    expect(visitor.json()).toEqual({ user: null });
    const signedIn = await app.inject({
      url: '/api/session',
      headers: { ...browser(user.cookie), ...forged },
    });
    expect(signedIn.json().user).toMatchObject({ id: user.id });
  });
});
