import { createHmac } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { AltchaChallenge, CaptchaVerifier } from './port.ts';
import { redeemChallenge } from './redemption-repository.ts';

/** A phone solves this in about a second (half the range on average, WebCrypto SHA-256). */
export const ALTCHA_MAX_NUMBER = 50_000;
export const ALTCHA_CHALLENGE_TTL_MS = 10 * 60_000;

export interface AltchaOptions {
  hmacKey: string;
  maxNumber?: number;
  ttlMs?: number;
  /** The app's clock: tests move it to expire a challenge without waiting. */
  clock: Clock;
}

/** A key of its own for ALTCHA, so a leaked challenge signature says nothing about the auth secret. */
export function altchaHmacKey(authSecret: string): string {
  return createHmac('sha256', authSecret).update('altcha').digest('hex');
}

export function createAltchaChallenge(options: AltchaOptions): Promise<AltchaChallenge> {
  const now = options.clock.now();
  return createChallenge({
    algorithm: 'SHA-256',
    hmacKey: options.hmacKey,
    maxNumber: options.maxNumber ?? ALTCHA_MAX_NUMBER,
    expires: new Date(now.getTime() + (options.ttlMs ?? ALTCHA_CHALLENGE_TTL_MS)),
  }) as Promise<AltchaChallenge>;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;
const MAX_TOKEN_LENGTH = 2_000;

// Only the shape our own challenges have: anything else (another algorithm, a salt without expiry)
// is refused before any hashing.
const payloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(HEX_SHA256),
  number: z.number().int().nonnegative(),
  salt: z.string().min(1).max(200),
  signature: z.string().regex(HEX_SHA256),
});

type AltchaPayload = z.infer<typeof payloadSchema>;

function decodePayload(token: string): AltchaPayload | undefined {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return undefined;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function expiryOf(salt: string): Date | undefined {
  const expires = new URLSearchParams(salt.split('?')[1] ?? '').get('expires');
  return expires && /^\d{1,12}$/.test(expires) ? new Date(Number(expires) * 1000) : undefined;
}

/**
 * Accepts a solved challenge once: the signature proves we issued it, the number proves the work, the
 * salt's expiry bounds its life, and the redemption table refuses a second use.
 */
export function createAltchaVerifier(db: Database, options: AltchaOptions): CaptchaVerifier {
  return {
    kind: 'altcha',
    async verify(token) {
      const payload = decodePayload(token);
      if (!payload) return false;
      const expiresAt = expiryOf(payload.salt);
      const now = options.clock.now();
      if (!expiresAt || expiresAt.getTime() <= now.getTime()) return false;
      // Expiry is checked above with our clock; altcha-lib would read Date.now() itself.
      if (!(await verifySolution(payload, options.hmacKey, false))) return false;
      return redeemChallenge(db, payload.signature, expiresAt);
    },
  };
}
