import type { CaptchaVerifier } from './port.ts';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaOptions {
  secretKey: string;
  /** Injectable for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const MAX_TOKEN_LENGTH = 10_000;

/**
 * Asks Google whether a reCAPTCHA response token is valid. Google being slow, unreachable or answering
 * nonsense counts as a failed check: the form can be sent again, a bot cannot get through.
 */
export function createRecaptchaVerifier(options: RecaptchaOptions): CaptchaVerifier {
  const fetchFn = options.fetch ?? globalThis.fetch;
  return {
    kind: 'recaptcha',
    async verify(token, remoteIp) {
      if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return false;
      const body = new URLSearchParams({ secret: options.secretKey, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const response = await fetchFn(RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        });
        if (!response.ok) return false;
        const result = (await response.json()) as { success?: unknown };
        return result.success === true;
      } catch {
        return false;
      }
    },
  };
}
