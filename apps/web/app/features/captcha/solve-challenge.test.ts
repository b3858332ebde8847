// altcha-lib is the server's library: the browser solver must produce what it verifies.
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { type AltchaChallenge, altchaPayload, isAltchaChallenge, solveChallenge } from './solve-challenge.ts';

const hmacKey = crypto.randomUUID();

async function challengeFor(number: number, maxNumber = 5_000): Promise<AltchaChallenge> {
  const expires = new Date(Date.now() + 10 * 60_000);
  return (await createChallenge({ hmacKey, maxNumber, number, expires })) as AltchaChallenge;
}

describe('solveChallenge', () => {
  it.each([0, 1, 999, 1_000, 4_321, 5_000])(
    'finds %i, and altcha-lib accepts the payload',
    async (number) => {
      const challenge = await challengeFor(number);
      expect(isAltchaChallenge(challenge)).toBe(true);
      const found = await solveChallenge(challenge);
      expect(found).toBe(number);
      expect(await verifySolution(altchaPayload(challenge, found!), hmacKey)).toBe(true);
    },
  );

  it('solves a random challenge of the server difficulty', async () => {
    const challenge = (await createChallenge({ hmacKey, maxNumber: 50_000 })) as AltchaChallenge;
    const found = await solveChallenge(challenge);
    expect(found).not.toBeNull();
    expect(await verifySolution(altchaPayload(challenge, found!), hmacKey)).toBe(true);
  });

  it('gives up with null when no number in range matches', async () => {
    const challenge = await challengeFor(3_000);
    expect(await solveChallenge({ ...challenge, maxnumber: 2_500 }, { batchSize: 700 })).toBeNull();
  });

  it('stops when aborted', async () => {
    const challenge = await challengeFor(4_999);
    const controller = new AbortController();
    const solving = solveChallenge(challenge, { signal: controller.signal, batchSize: 100 });
    controller.abort();
    expect(await solving).toBeNull();
  });

  it('writes a payload altcha-lib refuses once the number is wrong', async () => {
    const challenge = await challengeFor(42);
    expect(await verifySolution(altchaPayload(challenge, 43), hmacKey)).toBe(false);
  });
});

describe('isAltchaChallenge', () => {
  it.each([
    ['null', null],
    [
      'another algorithm',
      { algorithm: 'SHA-1', challenge: 'a'.repeat(64), maxnumber: 10, salt: 's', signature: 'x' },
    ],
    ['a short hash', { algorithm: 'SHA-256', challenge: 'abc', maxnumber: 10, salt: 's', signature: 'x' }],
    [
      'an absurd difficulty',
      { algorithm: 'SHA-256', challenge: 'a'.repeat(64), maxnumber: 1e12, salt: 's', signature: 'x' },
    ],
    ['no signature', { algorithm: 'SHA-256', challenge: 'a'.repeat(64), maxnumber: 10, salt: 's' }],
  ])('refuses %s', (_name, value) => {
    expect(isAltchaChallenge(value)).toBe(false);
  });
});
