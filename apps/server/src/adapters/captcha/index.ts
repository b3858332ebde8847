import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { altchaHmacKey, createAltchaChallenge, createAltchaVerifier } from './altcha.ts';
import type { Captcha } from './port.ts';
import { createRecaptchaVerifier } from './recaptcha.ts';

export {
  ALTCHA_CHALLENGE_TTL_MS,
  ALTCHA_MAX_NUMBER,
  altchaHmacKey,
  createAltchaChallenge,
  createAltchaVerifier,
} from './altcha.ts';
export type { AltchaChallenge, Captcha, CaptchaPublicConfig, CaptchaVerifier } from './port.ts';
export { createRecaptchaVerifier, RECAPTCHA_VERIFY_URL } from './recaptcha.ts';
export { deleteExpiredRedemptions, redeemChallenge } from './redemption-repository.ts';

export interface CaptchaOptions {
  /** reCAPTCHA only: the HTTP client (tests pass a fake). */
  fetch?: typeof fetch;
  /** ALTCHA only: the difficulty. */
  maxNumber?: number;
}

/** The captcha the configuration selects: ALTCHA by default, reCAPTCHA when its keys are set. */
export function createCaptcha(
  config: Pick<AppConfig, 'captcha' | 'auth'>,
  db: Database,
  options: CaptchaOptions & { clock: Clock },
): Captcha {
  if (config.captcha.kind === 'recaptcha') {
    return {
      verifier: createRecaptchaVerifier({ secretKey: config.captcha.secretKey, fetch: options.fetch }),
      createChallenge: () => undefined,
      publicConfig: { kind: 'recaptcha', siteKey: config.captcha.siteKey },
      // The widget's script is added from code (no nonce), and it renders its challenge in a frame.
      contentSecurity: {
        scripts: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        frames: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
        connect: ['https://www.google.com/recaptcha/'],
      },
    };
  }
  const altcha = {
    hmacKey: altchaHmacKey(config.auth.secret),
    clock: options.clock,
    maxNumber: options.maxNumber,
  };
  return {
    verifier: createAltchaVerifier(db, altcha),
    createChallenge: () => createAltchaChallenge(altcha),
    publicConfig: { kind: 'altcha' },
    contentSecurity: {},
  };
}
