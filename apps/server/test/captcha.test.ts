import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { createCaptcha } from '../src/adapters/captcha/index.ts';
import { systemClock } from '../src/clock.ts';
import { buildTestApp, testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
const RECAPTCHA_SECRET = randomBytes(24).toString('base64url');
const RECAPTCHA = { RECAPTCHA_SITE_KEY: 'site-key-123', RECAPTCHA_SECRET_KEY: RECAPTCHA_SECRET };

/** The whole API with a captcha the test keeps hold of (and, for reCAPTCHA, a fake Google). */
async function appWith(environment: Record<string, string> = {}, fetch?: typeof globalThis.fetch) {
  const captcha = createCaptcha(testConfig(environment), database.db, { fetch, clock: systemClock });
  const app = await buildTestApp(database.db, environment, { captcha });
  return { app, captcha };
}

describe('captcha selected by configuration', () => {
  it.each([
    [{}, { kind: 'altcha' }],
    [RECAPTCHA, { kind: 'recaptcha', siteKey: 'site-key-123' }],
  ])('with %j the app serves %j', async (environment, expected) => {
    const app = await buildTestApp(database.db, environment);
    const response = await app.inject({ method: 'GET', url: '/api/captcha/config' });
    expect(response.json()).toEqual(expected);
  });
});

describe('captcha API with ALTCHA (the default)', () => {
  it('says ALTCHA is in use', async () => {
    const { app } = await appWith();
    const response = await app.inject({ method: 'GET', url: '/api/captcha/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kind: 'altcha' });
  });

  it('hands out a new, uncacheable challenge that, once solved, passes the verifier once', async () => {
    const { app, captcha } = await appWith();
    const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json();
    expect(Object.keys(challenge).sort()).toEqual([
      'algorithm',
      'challenge',
      'maxnumber',
      'salt',
      'signature',
    ]);
    expect(challenge.algorithm).toBe('SHA-256');
    expect(challenge.maxnumber).toBeGreaterThanOrEqual(50_000);
    expect(challenge.maxnumber).toBeLessThanOrEqual(100_000);
    expect(challenge.salt).toMatch(/\?expires=\d+&$/);

    const second = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(second.json().signature).not.toBe(challenge.signature);

    const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', challenge.maxnumber)
      .promise;
    const { algorithm, salt, signature } = challenge;
    const token = btoa(
      JSON.stringify({
        algorithm,
        challenge: challenge.challenge,
        number: solution!.number,
        salt,
        signature,
      }),
    );
    expect(captcha.verifier.kind).toBe('altcha');
    expect(await captcha.verifier.verify(token, '203.0.113.9')).toBe(true);
    expect(await captcha.verifier.verify(token, '203.0.113.9')).toBe(false);
  });

  it('documents both routes under the captcha tag', async () => {
    const { app } = await appWith();
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/captcha/config', '/api/captcha/challenge']) {
      expect(docs.paths[path]?.get?.tags).toEqual(['captcha']);
      expect(docs.paths[path]?.get?.responses?.['200']).toBeDefined();
    }
    expect(docs.paths['/api/captcha/challenge'].get.responses['404']).toBeDefined();
  });
});

describe('captcha API with reCAPTCHA configured', () => {
  it('gives the site key and never the secret', async () => {
    const { app } = await appWith(RECAPTCHA);
    const response = await app.inject({ method: 'GET', url: '/api/captcha/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kind: 'recaptcha', siteKey: 'site-key-123' });
    expect(response.body).not.toContain(RECAPTCHA_SECRET);
  });

  it('has no proof-of-work challenge to give', async () => {
    const { app } = await appWith(RECAPTCHA);
    const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({ status: 404, code: 'not-found' });
  });

  it('verifies tokens with Google using the configured secret', async () => {
    const bodies: string[] = [];
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      bodies.push(String(init?.body));
      return Response.json({ success: true });
    }) as typeof globalThis.fetch;
    const { captcha } = await appWith(RECAPTCHA, fetch);
    expect(captcha.verifier.kind).toBe('recaptcha');
    expect(await captcha.verifier.verify('widget-token')).toBe(true);
    expect(new URLSearchParams(bodies[0]).get('secret')).toBe(RECAPTCHA_SECRET);
  });
});
