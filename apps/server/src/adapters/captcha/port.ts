import type { CspSources } from '../../http/content-security.ts';

/** Checks the token a browser sends with a protected form (sign-up). */
export interface CaptchaVerifier {
  kind: 'altcha' | 'recaptcha';
  /** True only for a valid, unexpired, never-used solution; any doubt (bad input, network) is false. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

/** What the browser needs to show the captcha: no secrets. */
export type CaptchaPublicConfig = { kind: 'altcha' } | { kind: 'recaptcha'; siteKey: string };

/** An ALTCHA proof-of-work challenge in altcha-lib's classic (v1) format, as the widget expects it. */
export interface AltchaChallenge {
  algorithm: 'SHA-256';
  /** Hex SHA-256 of `salt + number`; the browser searches `number` in `0..maxnumber`. */
  challenge: string;
  maxnumber: number;
  /** Random hex with the expiry as a parameter (`…?expires=<unix seconds>&`). */
  salt: string;
  /** Hex HMAC-SHA256 of `challenge` under the server's key. */
  signature: string;
}

export interface Captcha {
  verifier: CaptchaVerifier;
  /** Outside origins the browser widget needs (none for the self-hosted ALTCHA). */
  contentSecurity: CspSources;
  /** A fresh proof-of-work challenge; undefined when reCAPTCHA is configured. */
  createChallenge(): Promise<AltchaChallenge> | undefined;
  publicConfig: CaptchaPublicConfig;
}
