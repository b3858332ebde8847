import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe-looking id: the prefix, then random letters and digits (`acct_1Q8x…`). */
export function sandboxId(
  prefix: 'acct' | 'btok' | 'ba' | 'cus' | 'pm' | 'pi' | 're' | 'tr' | 'seti' | 'evt' | 'secret',
  length = 24,
): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

/** An account link's id is the key to its onboarding page: 256 random bits, like a session token. */
export function sandboxLinkId(): string {
  return randomBytes(32).toString('base64url');
}
