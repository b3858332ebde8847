import { randomBytes } from 'node:crypto';
import { createChallenge as createRawChallenge, solveChallenge } from 'altcha-lib/v1';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { type Clock, systemClock, TestClock } from '../../clock.ts';
import { captchaRedemptions } from '../../db/schema/index.ts';
import { ALTCHA_MAX_NUMBER, altchaHmacKey, createAltchaChallenge, createAltchaVerifier } from './altcha.ts';
import type { AltchaChallenge } from './port.ts';
import { deleteExpiredRedemptions } from './redemption-repository.ts';

const database = await createTestDatabase();
const hmacKey = altchaHmacKey(randomBytes(32).toString('base64url'));
const issuedAt = new Date('2030-03-30T10:00:00.000Z');
const at = (moment: string | Date): Clock => new TestClock(moment);

async function solve(challenge: AltchaChallenge): Promise<number> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('challenge not solvable');
  return solution.number;
}

function encode(payload: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

async function solvedPayload(options: { key?: string; clock?: Clock } = {}) {
  const challenge = await createAltchaChallenge({
    hmacKey: options.key ?? hmacKey,
    maxNumber: 2_000,
    clock: options.clock ?? at(issuedAt),
  });
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return { algorithm, challenge: hash, number: await solve(challenge), salt, signature };
}

const verifier = createAltchaVerifier(database.db, { hmacKey, clock: at('2030-03-30T10:05:00.000Z') });

describe('ALTCHA challenges', () => {
  it('are SHA-256 challenges over a salt that carries a 10-minute expiry', async () => {
    const challenge = await createAltchaChallenge({ hmacKey, clock: at(issuedAt) });
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: ALTCHA_MAX_NUMBER });
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = new URLSearchParams(challenge.salt.split('?')[1]).get('expires');
    expect(Number(expires) * 1000).toBe(Date.parse('2030-03-30T10:10:00.000Z'));
  });

  it('differ every time', async () => {
    const [first, second] = await Promise.all([
      createAltchaChallenge({ hmacKey, clock: systemClock }),
      createAltchaChallenge({ hmacKey, clock: systemClock }),
    ]);
    expect(first.salt).not.toBe(second.salt);
    expect(first.signature).not.toBe(second.signature);
  });

  it('derive their key from the auth secret, not use it as is', () => {
    const secret = randomBytes(32).toString('base64url');
    expect(altchaHmacKey(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(altchaHmacKey(secret)).not.toContain(secret);
    expect(altchaHmacKey(`${secret}?`)).not.toBe(altchaHmacKey(secret));
  });
});

describe('ALTCHA verifier', () => {
  it('accepts a solved challenge (at the default difficulty too)', async () => {
    const challenge = await createAltchaChallenge({ hmacKey, clock: at(issuedAt) });
    const { algorithm, challenge: hash, salt, signature } = challenge;
    const token = encode({ algorithm, challenge: hash, number: await solve(challenge), salt, signature });
    expect(await verifier.verify(token)).toBe(true);
  });

  it('accepts the payload the widget sends, with its extra fields', async () => {
    const payload = await solvedPayload();
    expect(await verifier.verify(encode({ ...payload, took: 312 }))).toBe(true);
  });

  it('accepts a solved challenge once only', async () => {
    const token = encode(await solvedPayload());
    expect(await verifier.verify(token)).toBe(true);
    expect(await verifier.verify(token)).toBe(false);
  });

  it('lets only one of two simultaneous uses through', async () => {
    const token = encode(await solvedPayload());
    const results = await Promise.all([
      verifier.verify(token),
      verifier.verify(token),
      verifier.verify(token),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a wrong number, and does not use the challenge up doing so', async () => {
    const payload = await solvedPayload();
    expect(await verifier.verify(encode({ ...payload, number: payload.number + 1 }))).toBe(false);
    expect(await verifier.verify(encode(payload))).toBe(true);
  });

  it('refuses a tampered signature, challenge, salt or algorithm', async () => {
    const payload = await solvedPayload();
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const later = payload.salt.replace(/expires=\d+/, 'expires=4102444800');
    for (const tampered of [
      { ...payload, signature: flip(payload.signature) },
      { ...payload, challenge: flip(payload.challenge) },
      { ...payload, salt: later },
      { ...payload, algorithm: 'SHA-1' },
    ]) {
      expect(await verifier.verify(encode(tampered))).toBe(false);
    }
    expect(await verifier.verify(encode(payload))).toBe(true);
  });

  it('refuses a challenge signed with another key', async () => {
    const payload = await solvedPayload({ key: altchaHmacKey('another-secret-of-at-least-32-characters') });
    expect(await verifier.verify(encode(payload))).toBe(false);
  });

  it('refuses a challenge once its 10 minutes have passed', async () => {
    const payload = await solvedPayload();
    const late = createAltchaVerifier(database.db, { hmacKey, clock: at('2030-03-30T10:10:00.000Z') });
    expect(await late.verify(encode(payload))).toBe(false);
    const inTime = createAltchaVerifier(database.db, { hmacKey, clock: at('2030-03-30T10:09:59.000Z') });
    expect(await inTime.verify(encode(payload))).toBe(true);
  });

  it('refuses a salt without an expiry', async () => {
    const bare = await createRawChallenge({ hmacKey, maxNumber: 2_000 });
    expect(bare.salt).not.toContain('expires');
    expect(await verifier.verify(encode({ ...bare, number: await solve(bare as AltchaChallenge) }))).toBe(
      false,
    );
  });

  it.each([
    ['an empty token', ''],
    ['text that is not base64 JSON', 'not a captcha'],
    ['base64 of something else', Buffer.from('[1,2,3]').toString('base64')],
    ['a huge token', 'A'.repeat(10_000)],
  ])('refuses %s', async (_name, token) => {
    expect(await verifier.verify(token)).toBe(false);
  });
});

describe('deleteExpiredRedemptions', () => {
  it('forgets only the redemptions of expired challenges', async () => {
    const old = await solvedPayload({ clock: at('2031-01-01T00:00:00.000Z') });
    const recent = await solvedPayload({ clock: at('2031-01-01T00:20:00.000Z') });
    const clock = (iso: string) => createAltchaVerifier(database.db, { hmacKey, clock: at(iso) });
    expect(await clock('2031-01-01T00:05:00.000Z').verify(encode(old))).toBe(true);
    expect(await clock('2031-01-01T00:25:00.000Z').verify(encode(recent))).toBe(true);

    expect(await deleteExpiredRedemptions(database.db, new Date('2031-01-01T00:15:00.000Z'))).toBeGreaterThan(
      0,
    );
    const remembered = async (signature: string) =>
      (await database.db.select().from(captchaRedemptions).where(eq(captchaRedemptions.signature, signature)))
        .length;
    expect(await remembered(old.signature)).toBe(0);
    expect(await remembered(recent.signature)).toBe(1);
    expect(await clock('2031-01-01T00:26:00.000Z').verify(encode(recent))).toBe(false);
  });
});
