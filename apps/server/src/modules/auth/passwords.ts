import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** argon2id with OWASP's minimum parameters: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false; // a malformed stored hash never matches
  }
}

// Only passwords long enough to pass the length rule (8) can reach this check.
const COMMON_PASSWORDS = new Set(
  (dictionary['passwords-common'] as string[]).filter((password) => password.length >= 8),
);

/** One of the ~50 000 most common passwords (the zxcvbn list), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
