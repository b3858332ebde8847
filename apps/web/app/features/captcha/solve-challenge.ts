/** An ALTCHA challenge as `GET /api/captcha/challenge` sends it (altcha-lib's classic format). */
export interface AltchaChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

// Past this a challenge would keep a phone busy for minutes: better to fail and offer a retry.
const MAX_NUMBER_LIMIT = 10_000_000;

export function isAltchaChallenge(value: unknown): value is AltchaChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const { algorithm, challenge, maxnumber, salt, signature } = value as Record<string, unknown>;
  return (
    algorithm === 'SHA-256' &&
    typeof challenge === 'string' &&
    /^[0-9a-f]{64}$/.test(challenge) &&
    Number.isInteger(maxnumber) &&
    (maxnumber as number) > 0 &&
    (maxnumber as number) <= MAX_NUMBER_LIMIT &&
    typeof salt === 'string' &&
    typeof signature === 'string'
  );
}

export interface SolveOptions {
  signal?: AbortSignal;
  /** Hashes started together before yielding to the page (WebCrypto runs them off the main thread). */
  batchSize?: number;
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

function sameBytes(digest: ArrayBuffer, expected: Uint8Array): boolean {
  const actual = new Uint8Array(digest);
  return actual.length === expected.length && actual.every((byte, index) => byte === expected[index]);
}

/** Lets the browser paint and handle input between batches, so solving never freezes the form. */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Finds the number in `0..maxnumber` whose SHA-256 of `salt + number` is the challenge. Null when
 * there is none or the search was aborted.
 */
export async function solveChallenge(
  challenge: AltchaChallenge,
  options: SolveOptions = {},
): Promise<number | null> {
  const target = hexBytes(challenge.challenge);
  const encoder = new TextEncoder();
  const batchSize = options.batchSize ?? 1_000;
  for (let start = 0; start <= challenge.maxnumber; start += batchSize) {
    if (options.signal?.aborted) return null;
    const count = Math.min(batchSize, challenge.maxnumber - start + 1);
    const digests = await Promise.all(
      Array.from({ length: count }, (_, offset) =>
        crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + (start + offset))),
      ),
    );
    const found = digests.findIndex((digest) => sameBytes(digest, target));
    if (found >= 0) return start + found;
    await yieldToPage();
  }
  return null;
}

/** The captcha token the server verifies: base64 of the JSON altcha-lib expects. */
export function altchaPayload(challenge: AltchaChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}
