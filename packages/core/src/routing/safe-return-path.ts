// URL is a global of every runtime the core runs in (browsers, Node); the core compiles without the
// DOM or Node types, so it names the one part it uses.
declare const URL: new (input: string, base: string) => { readonly origin: string };

/** Longer than any path of the app with its query; a longer "return path" is not one of ours. */
export const MAX_RETURN_PATH_LENGTH = 2048;

const PROBE_ORIGIN = 'https://hora.example';

/** Visible ASCII only: no controls, no whitespace, nothing a browser would have percent-encoded. */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** How many layers of percent-encoding are looked through before the input is refused outright. */
const DECODING_ROUNDS = 3;

/**
 * A path to send someone back to after logging in, changing language, ... when it is certainly a
 * path of this site; the fallback otherwise. Accepted input is returned unchanged (never repaired):
 * it starts with exactly one `/`, holds visible ASCII only (browsers percent-encode the rest), no
 * backslash, and neither it nor any percent-decoding of it reads as `//host` or `/\host` once the
 * tabs and newlines a URL parser drops are gone. Last, a URL parser must agree it stays on our
 * origin. Callers pass the already-decoded query or form value.
 */
export function safeReturnPath(input: unknown, fallback = '/'): string {
  return isSafeReturnPath(input) ? input : fallback;
}

export function isSafeReturnPath(input: unknown): input is string {
  if (typeof input !== 'string' || input.length > MAX_RETURN_PATH_LENGTH) return false;
  if (!VISIBLE_ASCII.test(input) || input.includes('\\') || leavesTheSite(input)) return false;
  let decoded = input;
  for (let round = 0; round < DECODING_ROUNDS; round += 1) {
    const next = decodeAsciiEscapes(decoded);
    if (next === decoded) return staysOnOrigin(input);
    if (leavesTheSite(next)) return false;
    decoded = next;
  }
  // Still encoded after several rounds: only a crafted value nests escapes that deep.
  return false;
}

/** `//host` or `/\host` (a browser reads `\` as `/`), also once tabs, newlines and controls are dropped. */
function leavesTheSite(path: string): boolean {
  const squashed = path.replace(/[\s\p{Cc}\p{Cf}]/gu, '').replaceAll('\\', '/');
  return !squashed.startsWith('/') || squashed.startsWith('//');
}

/**
 * Decodes the `%XX` escapes of ASCII characters, the only ones that can turn a path into another
 * origin, leniently: a stray `%` or an escape of a multi-byte character stays as it is.
 */
function decodeAsciiEscapes(path: string): string {
  return path.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

function staysOnOrigin(path: string): boolean {
  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}
