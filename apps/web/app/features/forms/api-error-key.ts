import type { ErrorCode } from '@hora/core/errors';

/**
 * The message key of a catalogue code: every code of `@hora/core/errors` has one in `forms`. A
 * module of its own, so a form can name a key without loading the catalogue.
 */
export function apiErrorKey(code: ErrorCode): `errors.api.${ErrorCode}` {
  return `errors.api.${code}`;
}
