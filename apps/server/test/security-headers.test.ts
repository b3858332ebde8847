import { describe, expect, it } from 'vitest';
import { mergeCspSources } from '../src/http/content-security.ts';
import { nonceSupply } from '../src/http/security.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
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

  it('draws nonces that never repeat across refills of their random bytes', () => {
    const supply = nonceSupply();
    const nonces = Array.from({ length: 1000 }, () => supply.next());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('keeps the document-only headers off build files and photos, but not nosniff', async () => {
    const app = await buildTestApp(database.db);
    for (const url of ['/assets/entry-abc123.js', '/uploads/photo.webp']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBeUndefined();
      expect(response.headers['x-frame-options'], url).toBeUndefined();
      expect(response.headers['referrer-policy'], url).toBeUndefined();
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    const worker = await app.inject({ method: 'GET', url: '/assets/map.worker-abc123.js' });
    expect(worker.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
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

describe('content security policy built from the adapters in use', () => {
  async function policyOf(app: Awaited<ReturnType<typeof buildTestApp>>) {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    return directives(response.headers['content-security-policy'] as string);
  }

  it('allows images only from us and the configured tile server, never any https origin', async () => {
    const csp = await policyOf(await buildTestApp(database.db));
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
  });

  it('names each subdomain of a tile template, and none without tiles', async () => {
    const lettered = await policyOf(
      await buildTestApp(database.db, { MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png' }),
    );
    expect(lettered.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://a.tiles.example',
      'https://b.tiles.example',
      'https://c.tiles.example',
    ]);
    const none = await policyOf(await buildTestApp(database.db, { MAP_TILE_URL: 'none' }));
    expect(none.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('takes the captcha’s origins from the captcha adapter itself, not from the configuration', async () => {
    const captcha = {
      ...fakeCaptcha,
      contentSecurity: { scripts: ['https://captcha.example/js/'], frames: ['https://captcha.example/'] },
    };
    const csp = await policyOf(await buildTestApp(database.db, {}, { captcha }));
    expect(csp.get('script-src')).toContain('https://captcha.example/js/');
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://captcha.example/']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('refuses an adapter origin that would widen or break the policy', () => {
    for (const source of [
      '*',
      'https:',
      "'unsafe-inline'",
      'https://*.example',
      'https://*.stripe.com',
      'https://*.js.stripe.com/path/',
      'https://a.example; script-src *',
      'http://a.example',
    ]) {
      expect(() => mergeCspSources([{ scripts: [source] }]), source).toThrow(
        /Content-Security-Policy origin/,
      );
    }
    expect(mergeCspSources([{ frames: ['https://*.js.stripe.com'] }]).frames).toEqual([
      'https://*.js.stripe.com',
    ]);
    expect(
      mergeCspSources([
        { images: ['https://b.example'] },
        { images: ['https://a.example', 'https://b.example'] },
      ]).images,
    ).toEqual(['https://a.example', 'https://b.example']);
  });
});
