import { describe, expect, it } from 'vitest';
import { buildTestApp } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();

function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers on API responses', () => {
  it('sends CSP without inline scripts, nosniff, no framing and a strict referrer policy', async () => {
    const app = await buildTestApp(database.db);
    for (const url of ['/api/health', '/api/unknown', '/api/docs']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')?.[0]).toBe("'self'");
      expect(csp.get('script-src')?.[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]{24}'$/);
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('uses a new nonce for every request', async () => {
    const app = await buildTestApp(database.db);
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      nonces.add(directives(response.headers['content-security-policy'] as string).get('script-src')![1]!);
    }
    expect(nonces.size).toBe(5);
  });

  it('sends HSTS only when the request came over HTTPS through a trusted proxy', async () => {
    const behindProxy = await buildTestApp(database.db, { TRUST_PROXY: 'true' });
    const https = await behindProxy.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await behindProxy.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    const direct = await buildTestApp(database.db);
    const spoofed = await direct.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds upgrade-insecure-requests in production', async () => {
    const app = await buildTestApp(database.db, { NODE_ENV: 'production' });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(
      directives(response.headers['content-security-policy'] as string).has('upgrade-insecure-requests'),
    ).toBe(true);
  });
});

describe('content security policy with reCAPTCHA', () => {
  it('allows Google’s reCAPTCHA hosts only when reCAPTCHA is configured', async () => {
    const withRecaptcha = await buildTestApp(database.db, {
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET_KEY: 'secret',
    });
    const csp = directives(
      (await withRecaptcha.inject({ method: 'GET', url: '/api/health' })).headers[
        'content-security-policy'
      ] as string,
    );
    expect(csp.get('script-src')).toContain('https://www.google.com/recaptcha/');
    expect(csp.get('frame-src')).toContain('https://www.google.com/recaptcha/');
    const plain = await buildTestApp(database.db);
    const plainCsp = (await plain.inject({ method: 'GET', url: '/api/health' })).headers[
      'content-security-policy'
    ];
    expect(plainCsp).not.toContain('google');
  });
});
