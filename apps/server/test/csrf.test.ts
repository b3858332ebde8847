import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverRoot } from '../src/paths.ts';
import { signUp, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

/** Every route the app registers, as Fastify's onRoute hook reports it: future routes are walked too. */
const registered = vi.hoisted(() => [] as { method: string; url: string; csrf: unknown }[]);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const withInventory = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        registered.push({ method, url: route.url, csrf: (route.config as { csrf?: unknown })?.csrf });
      }
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: withInventory };
});

const ORIGIN = 'http://hora.test';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CROSS_SITE: Record<string, string>[] = [
  { origin: 'https://evil.example' },
  { 'sec-fetch-site': 'cross-site' },
  { origin: 'null' },
  { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const database = await createTestDatabase();
const webRoot = path.join(serverRoot, '..', 'web');
let vite: ViteDevServer;
let app: FastifyInstance;

beforeAll(async () => {
  // The web app compiled on demand, as `npm run dev` serves it: its page form posts go through the
  // same hooks as the API.
  vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'silent',
  });
  app = await buildTestApp(
    database.db,
    // A provider is configured so the log-in page shows its link; the test never follows it.
    { GOOGLE_CLIENT_ID: 'hora-client', GOOGLE_CLIENT_SECRET: 'hora-secret' },
    { captcha: fakeCaptcha, web: { mode: 'development', vite } },
  );
  // A route that takes posts from other sites must say so in its own config, like this one.
  app.post('/api/test/provider-form-post', { config: { csrf: false } }, async () => ({ received: true }));
  await app.ready();
});
afterAll(() => vite.close());

async function session(cookie: string) {
  return (await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user;
}

/** The path's letters percent-encoded: all of them, or only the first of each segment (`/%61pi`). */
function encodeLetters(path: string, which: 'all' | 'first'): string {
  const encode = (letter: string) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`;
  return which === 'all'
    ? path.replace(/[a-z]/gi, encode)
    : path.replace(/\/([a-z])/gi, (_, letter: string) => `/${encode(letter)}`);
}

function variants(path: string): string[] {
  return [
    path,
    encodeLetters(path, 'first'),
    encodeLetters(path, 'all'),
    `/${path}`,
    path.toUpperCase(),
    `${path}/`,
    `${path}?x=1`,
  ];
}

/** A sample path for a route pattern: parameters and wildcards filled in. */
function samplePath(url: string): string {
  return url.replace(/:[^/]+/g, '7f1c9a52-8a51-4c3b-9f3e-0b8f4a1d2c3e').replace(/\*/g, 'logout');
}

async function avatarUpload() {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }), 'a.jpg');
  const request = new Request(`${ORIGIN}/`, { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

function expectRefused(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(403);
  expect(response.json().errors[0].code, label).toBe('csrf-failed');
}

describe('CSRF: every state-changing route, however its path is spelled', () => {
  it('knows the routes it walks', () => {
    const unsafe = registered.filter((route) => !SAFE_METHODS.has(route.method));
    for (const expected of [
      'POST /api/auth/logout',
      'POST /api/account/avatar',
      'PATCH /api/account/profile',
      'POST /api/auth/callback/:provider',
      'POST /*',
      'DELETE /*',
    ]) {
      expect(unsafe.map((route) => `${route.method} ${route.url}`)).toContain(expected);
    }
    // Exemptions are declared on routes, and only these: adding one is a decision, seen here.
    // Stripe's webhook proves itself with its signature instead (decision 0031).
    expect(unsafe.filter((route) => route.csrf === false).map((route) => route.url)).toEqual([
      '/api/payments/webhook',
      '/api/test/provider-form-post',
    ]);
  });

  it('refuses every unsafe route from another site with a session cookie, in every spelling', async () => {
    const person = await signUp(app);
    const avatar = await avatarUpload();
    const routes = registered.filter((route) => !SAFE_METHODS.has(route.method) && route.csrf !== false);
    let walked = 0;
    for (const route of routes) {
      const body = route.url.endsWith('/avatar')
        ? avatar
        : route.url === '/*'
          ? { payload: 'locale=en&redirectTo=%2F', headers: FORM }
          : { payload: '{}', headers: { 'content-type': 'application/json' } };
      for (const url of variants(samplePath(route.url))) {
        for (const crossSite of CROSS_SITE) {
          const response = await app.inject({
            method: route.method as 'POST',
            url,
            payload: body.payload,
            headers: { ...body.headers, ...crossSite, cookie: person.cookie },
          });
          expectRefused(response, `${route.method} ${url} ${JSON.stringify(crossSite)}`);
          walked += 1;
        }
      }
    }
    expect(walked).toBeGreaterThan(100);
    // Nothing happened: still signed in (no log-out ran), no avatar, the name unchanged.
    const user = await session(person.cookie);
    expect(user).toMatchObject({ id: person.id, firstName: 'Lucía', avatar: null });
  });

  it('lets a route declared exempt take posts from other sites', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/provider-form-post',
      headers: { origin: 'https://idp.example', cookie: 'hora.session_token=x' },
      payload: { code: 'abc' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });
});

describe('CSRF: the page form posts', () => {
  const post = (url: string, payload: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url, payload, headers: { ...FORM, ...headers } });

  it('refuses /locale, /cookie-consent and /logout from another site', async () => {
    const person = await signUp(app);
    for (const crossSite of CROSS_SITE) {
      const headers = { ...crossSite, cookie: person.cookie };
      const locale = await post('/locale', 'locale=en&redirectTo=%2F', headers);
      expectRefused(locale, `/locale ${JSON.stringify(crossSite)}`);
      expect(String(locale.headers['set-cookie'] ?? '')).not.toContain('hora_locale');
      const consent = await post('/cookie-consent', '', headers);
      expectRefused(consent, `/cookie-consent ${JSON.stringify(crossSite)}`);
      expect(String(consent.headers['set-cookie'] ?? '')).toBe('');
      expectRefused(await post('/logout', '', headers), `/logout ${JSON.stringify(crossSite)}`);
    }
    expect(await session(person.cookie)).toMatchObject({ id: person.id });
  });

  it('takes them from our own site', async () => {
    const person = await signUp(app);
    const headers = { origin: ORIGIN, cookie: person.cookie };
    const locale = await post('/locale', 'locale=en&redirectTo=%2Fs%3Fq%3Dx', headers);
    expect(locale.statusCode).toBe(302);
    expect(locale.headers.location).toBe('/s?q=x');
    expect(String(locale.headers['set-cookie'])).toContain('hora_locale=en');
    const consent = await post('/cookie-consent', '', headers);
    expect(consent.statusCode).toBe(200);
    expect(String(consent.headers['set-cookie'])).toMatch(/=accepted/);
    const logout = await post('/logout', '', headers);
    expect(logout.statusCode).toBe(302);
    expect(await session(person.cookie)).toBeNull();
  });

  it('takes them from http://127.0.0.1:PORT when the app was opened at that address', async () => {
    const person = await signUp(app);
    const headers = { host: '127.0.0.1:4173', origin: 'http://127.0.0.1:4173', cookie: person.cookie };
    const locale = await post('/locale', 'locale=en&redirectTo=%2F', headers);
    expect(locale.statusCode).toBe(302);
    expect(String(locale.headers['set-cookie'])).toContain('hora_locale=en');
    const logout = await post('/logout', '', headers);
    expect(logout.statusCode).toBe(302);
    expect(await session(person.cookie)).toBeNull();
  });

  it('refuses a post from 127.0.0.1 to the app opened at localhost, which is another origin', async () => {
    const person: TestUser = await signUp(app);
    const headers = { host: 'localhost:4173', origin: 'http://127.0.0.1:4173', cookie: person.cookie };
    expectRefused(await post('/logout', '', headers), 'localhost ← 127.0.0.1');
    expect(await session(person.cookie)).toMatchObject({ id: person.id });
  });
});

describe('return paths on the pages', () => {
  it.each(['/login', '/signup'])(
    'renders %s for returnTo=/<tab>/evil.example with / as the way back in its forms and links',
    async (page) => {
      const response = await app.inject({ method: 'GET', url: `${page}?returnTo=%2F%09%2Fevil.example` });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const returnFields = [...html.matchAll(/name="returnTo" value="([^"]*)"/g)].map((match) => match[1]);
      expect(returnFields.length).toBeGreaterThan(0);
      expect(returnFields.every((value) => value === '/')).toBe(true);
      expect(html).toContain('href="/api/auth/providers/google/start?returnTo=%2F"');
      // Links and forms all stay on the site (the page's own URL may still carry the query).
      for (const [, target] of html.matchAll(/(?:href|action)="([^"]*)"/g)) {
        expect(new URL(target!.replaceAll('&amp;', '&'), ORIGIN).origin, target).toBe(ORIGIN);
      }
    },
  );

  it('sends POST /locale with redirectTo=//evil.example back to /', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/locale',
      headers: { origin: ORIGIN, ...FORM },
      payload: 'locale=en&redirectTo=%2F%2Fevil.example',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });
});
