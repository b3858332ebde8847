import { describe, expect, it } from 'vitest';
import { createRecaptchaVerifier, RECAPTCHA_VERIFY_URL } from './recaptcha.ts';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('reCAPTCHA verifier', () => {
  it('posts the secret, the token and the client IP to siteverify, and trusts success: true', async () => {
    const fake = fakeFetch(() => json({ success: true, hostname: 'hora.test' }));
    const verifier = createRecaptchaVerifier({ secretKey: 'the-secret', fetch: fake.fetch });
    expect(verifier.kind).toBe('recaptcha');
    expect(await verifier.verify('token-from-widget', '203.0.113.9')).toBe(true);
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call!.url).toBe(RECAPTCHA_VERIFY_URL);
    expect(call!.init?.method).toBe('POST');
    const body = new URLSearchParams(String(call!.init?.body));
    expect(Object.fromEntries(body)).toEqual({
      secret: 'the-secret',
      response: 'token-from-widget',
      remoteip: '203.0.113.9',
    });
  });

  it('leaves the IP out when it is unknown', async () => {
    const fake = fakeFetch(() => json({ success: true }));
    await createRecaptchaVerifier({ secretKey: 's', fetch: fake.fetch }).verify('token');
    expect(new URLSearchParams(String(fake.calls[0]!.init?.body)).has('remoteip')).toBe(false);
  });

  it('refuses when Google says success: false', async () => {
    const fake = fakeFetch(() => json({ success: false, 'error-codes': ['timeout-or-duplicate'] }));
    expect(await createRecaptchaVerifier({ secretKey: 's', fetch: fake.fetch }).verify('token')).toBe(false);
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('fetch failed'))],
    ['an HTTP error', () => json({ success: true }, 500)],
    ['a body that is not JSON', () => new Response('<html>', { status: 200 })],
    ['success that is not the boolean true', () => json({ success: 'true' })],
  ])('refuses on %s', async (_name, answer) => {
    const fake = fakeFetch(answer);
    expect(await createRecaptchaVerifier({ secretKey: 's', fetch: fake.fetch }).verify('token')).toBe(false);
  });

  it('refuses when Google does not answer in time', async () => {
    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const verifier = createRecaptchaVerifier({ secretKey: 's', fetch: hanging, timeoutMs: 20 });
    expect(await verifier.verify('token')).toBe(false);
  });

  it('does not ask Google about an empty token', async () => {
    const fake = fakeFetch(() => json({ success: true }));
    expect(await createRecaptchaVerifier({ secretKey: 's', fetch: fake.fetch }).verify('')).toBe(false);
    expect(fake.calls).toHaveLength(0);
  });
});
